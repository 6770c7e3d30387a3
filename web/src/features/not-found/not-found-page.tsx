import { NOT_FOUND_TEXT } from '@app/shared';
import { ArrowLeft, Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses, cx } from '../../ui/index.ts';
import { LogoLink } from '../../ui/logo-link.tsx';
import { StandalonePage } from '../../ui/standalone-page.tsx';

/** Any unknown path (spec §2): code 404 and a button back home. */
export function NotFoundPage() {
  return (
    <StandalonePage
      headerClassName="mx-auto flex h-topbar w-full max-w-6xl items-center px-5 sm:px-8"
      header={<LogoLink to="/welcome" label="Processing" />}
      mainClassName="flex flex-1 items-center justify-center px-5 pb-24"
    >
      <div className="flex max-w-md flex-col items-center text-center">
        <div className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Compass size={26} />
        </div>
        <p className="text-[6rem] leading-none font-bold tracking-[-0.06em] text-gray-900 sm:text-[8rem]">
          404
        </p>
        <h1 className="mt-4 text-h2 text-gray-900">{NOT_FOUND_TEXT.title}</h1>
        <p className="mt-2 text-body text-gray-500">{NOT_FOUND_TEXT.body}</p>
        <Link to="/" className={cx(buttonClasses({ size: 'lg' }), 'mt-8')}>
          <ArrowLeft size={18} />
          {NOT_FOUND_TEXT.home}
        </Link>
      </div>
    </StandalonePage>
  );
}
