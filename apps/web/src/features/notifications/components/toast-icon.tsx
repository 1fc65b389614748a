import { Icon } from '../../../components/ui/icons.js';
import type { NotificationType } from '../notification-slice.js';

const PATHS: Record<NotificationType, string> = {
  success: 'M20 6 9 17l-5-5',
  warning: 'M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  error: 'M12 8v4m0 4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z',
  info: 'M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z',
};

/** A check, a triangle, a circle with "!" or with "i"; the colour comes from the toast's type. */
export function ToastIcon({ type }: { type: NotificationType }) {
  return (
    <Icon className="toast__icon" data-icon={type}>
      <path d={PATHS[type]} />
    </Icon>
  );
}
