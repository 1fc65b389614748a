export { NotificationToast } from './components/notification-toast.js';
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
