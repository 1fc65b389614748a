// The toast itself is a lazy chunk (components/toast-host.tsx).
export { ToastHost } from './components/toast-host.js';
export { createErrorToastMiddleware, errorNotificationFor, type Translate } from './error-toast.js';
export {
  notificationHidden,
  notificationReducer,
  notificationSlice,
  notificationShown,
  selectNotification,
  type NotificationContent,
  type NotificationState,
  type NotificationType,
} from './notification-slice.js';
