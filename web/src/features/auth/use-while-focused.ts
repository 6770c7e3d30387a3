import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Visibility of a panel shown while a field is focused (the password strength panel).
 * A blur caused by pressing a pointer elsewhere hides the panel only after that click has landed:
 * hiding it at once would shift everything below it, and the button being clicked would move out from
 * under the pointer between press and release, so the click would be lost.
 */
export function useWhileFocused(): { visible: boolean; onFocus: () => void; onBlur: () => void } {
  const [visible, setVisible] = useState(false);
  const pointerDown = useRef(false);
  const hideAfterPointer = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const down = () => {
      pointerDown.current = true;
    };
    const up = () => {
      pointerDown.current = false;
      if (!hideAfterPointer.current) return;
      hideAfterPointer.current = false;
      // pointerup, mouseup and click are dispatched in one task; the next task comes after the click.
      timer = setTimeout(() => setVisible(false), 0);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);

  const onFocus = useCallback(() => {
    hideAfterPointer.current = false;
    setVisible(true);
  }, []);

  const onBlur = useCallback(() => {
    if (pointerDown.current) hideAfterPointer.current = true;
    else setVisible(false);
  }, []);

  return { visible, onFocus, onBlur };
}
