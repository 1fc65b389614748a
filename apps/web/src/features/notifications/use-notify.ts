import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { notificationShown, type NotificationContent } from './notification-slice.js';

/**
 * Shows a toast (spec §8). What most screens dispatch, here beside the slice, so that they need
 * neither app/hooks.ts nor the store's types for it.
 */
export function useNotify() {
  const dispatch = useDispatch();
  return useCallback((content: NotificationContent) => dispatch(notificationShown(content)), [dispatch]);
}
