import { useEffect, useState, type ComponentType } from 'react';
import { useAppSelector } from '../../../app/hooks.js';
import { selectNotification } from '../notification-slice.js';

type Toast = ComponentType;

let loaded: Toast | undefined;

/** The toast's own chunk: no page needs it before it first paints (DESIGN §6, decision 026). */
const loadToast = () =>
  import('./notification-toast.js').then((module) => (loaded = module.NotificationToast));

/**
 * Renders the toast while a notification shows. Its code starts loading as soon as the app
 * mounts, so it is there long before the first notification; a notification that comes earlier
 * stays in the store and shows once the chunk has arrived. A failed load is tried again with the
 * next notification.
 */
export function ToastHost() {
  const { visible } = useAppSelector(selectNotification);
  const [Toast, setToast] = useState(() => loaded);
  useEffect(() => {
    if (Toast) return;
    let current = true;
    loadToast().then(
      (component) => current && setToast(() => component),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [Toast, visible]);
  return visible && Toast ? <Toast /> : null;
}
