import { TOAST_MS } from '@app/shared';
import { type ExternalToast, Toaster, toast } from 'sonner';

/** The single toast outlet; rendered once by the app providers. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      duration={TOAST_MS}
      closeButton
      richColors
      offset={16}
      mobileOffset={12}
      toastOptions={{ className: 'font-sans text-small' }}
      // The pages are left to right (html lang="ru"). Said here, sonner does not read the document's computed
      // direction on every render, which makes the browser compute the whole page's styles at that moment.
      dir="ltr"
    />
  );
}

type NotifyOptions = Pick<ExternalToast, 'duration' | 'description' | 'id'>;

/** Toast helpers with the spec's default duration (TOAST_MS); pass duration for other timings. */
export const notify = {
  success: (message: string, options?: NotifyOptions) => toast.success(message, options),
  error: (message: string, options?: NotifyOptions) => toast.error(message, options),
  warning: (message: string, options?: NotifyOptions) => toast.warning(message, options),
  info: (message: string, options?: NotifyOptions) => toast.info(message, options),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
