import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface NotificationState {
  type: NotificationType;
  title: string;
  description: string[];
  visible: boolean;
}

export interface NotificationContent {
  type: NotificationType;
  title: string;
  description?: string[];
}

const initialState: NotificationState = { type: 'info', title: '', description: [], visible: false };

export const notificationSlice = createSlice({
  name: 'notification',
  initialState,
  reducers: {
    /** Setting content shows the toast; a newer notification replaces the one on screen. */
    notificationShown: (_state, action: PayloadAction<NotificationContent>) => ({
      type: action.payload.type,
      title: action.payload.title,
      description: action.payload.description ?? [],
      visible: true,
    }),
    notificationHidden: (state) => {
      state.visible = false;
    },
  },
});

export const { notificationShown, notificationHidden } = notificationSlice.actions;
export const notificationReducer = notificationSlice.reducer;

export const selectNotification = (state: { notification: NotificationState }) => state.notification;
