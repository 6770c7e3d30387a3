import {
  type ComponentType,
  cloneElement,
  type HTMLAttributes,
  lazy,
  type ReactElement,
  Suspense,
  useState,
} from 'react';

/** What a lazily loaded menu receives: its open state and the button that opens it. */
export interface LazyMenuControl {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Put it inside the menu's trigger (`DropdownMenuTrigger asChild`). */
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
}

/**
 * A menu button whose menu loads on first use. The dropdown (Radix with its focus and dismiss layers) weighs
 * about 29 kB gzip; the pages that show a menu button (every signed-in page, through the top bar) should not pay
 * for it before anyone opens a menu. Hovering or focusing the button starts the download, a click opens the menu
 * as soon as it has arrived, and from then on the real menu handles everything.
 */
export function lazyMenu<P extends object>(
  load: () => Promise<{ default: ComponentType<P & LazyMenuControl> }>,
): ComponentType<P & { trigger: LazyMenuControl['trigger'] }> {
  const Menu = lazy(load);
  const preload = () => {
    void load();
  };
  return function LazyMenu(props) {
    // null: the menu has not been asked for yet, so only the button is rendered.
    const [open, setOpen] = useState<boolean | null>(null);
    if (open === null) {
      return cloneElement(props.trigger, {
        'aria-haspopup': 'menu',
        'aria-expanded': false,
        onPointerEnter: preload,
        onFocus: preload,
        onClick: () => setOpen(true),
      });
    }
    return (
      <Suspense fallback={props.trigger}>
        <Menu {...props} open={open} onOpenChange={setOpen} />
      </Suspense>
    );
  };
}
