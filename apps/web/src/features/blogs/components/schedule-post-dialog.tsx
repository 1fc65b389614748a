import i18n from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog.js';
import { formatDateTime } from '../../../lib/format-date.js';
import { fromLocalInputs, timeZoneLabel, toLocalInputs } from '../../../lib/local-date-time.js';
import { useTranslation } from '../../../lib/use-translation.js';
import './schedule-post-dialog.css';

interface SchedulePostDialogProps {
  title: string;
  scheduling: boolean;
  onCancel: () => void;
  /** The chosen moment; the caller closes the dialog when the server took it. */
  onConfirm: (publishAt: Date) => void;
}

/** The first offer: the next full hour at least half an hour away. */
function defaultTime(now: Date) {
  const at = new Date(now.getTime() + 30 * 60_000);
  at.setMinutes(0, 0, 0);
  at.setHours(at.getHours() + 1);
  return at;
}

/**
 * "Schedule…" (issue 21): a date and a time in the user's time zone, which it names, for the
 * server to publish the approved post then. A time that is not in the future is refused here
 * as well as by the server.
 */
export function SchedulePostDialog({ title, scheduling, onCancel, onConfirm }: SchedulePostDialogProps) {
  const { t } = useTranslation();
  const dateId = useId();
  const timeId = useId();
  const zoneId = useId();
  const messageId = useId();
  const dateRef = useRef<HTMLInputElement>(null);
  const [initial] = useState(() => toLocalInputs(defaultTime(new Date())));
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [problem, setProblem] = useState<string>();
  const zone = timeZoneLabel(i18n.resolvedLanguage ?? 'en');

  // The dialog focuses its first control (the close icon); the date is what one came for.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => dateRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  function submit() {
    if (scheduling) return;
    const at = fromLocalInputs(date, time);
    if (!at) return setProblem(t('blogs.schedule.invalid'));
    if (at.getTime() <= Date.now()) return setProblem(t('blogs.schedule.inPast'));
    setProblem(undefined);
    onConfirm(at);
  }

  const chosen = fromLocalInputs(date, time);
  const describedBy = [zoneId, problem ? messageId : ''].filter(Boolean).join(' ');
  return (
    <FormDialog
      title={t('blogs.schedule.title')}
      onClose={onCancel}
      onSubmit={submit}
      submitLabel={t('blogs.schedule.confirm')}
      busyLabel={scheduling ? t('blogs.schedule.saving') : undefined}
      className="schedule-form"
    >
      <p className="schedule-form__intro">{t('blogs.schedule.body', { title })}</p>
      <div className="schedule-form__row">
        <div className="schedule-form__field">
          <label htmlFor={dateId}>{t('blogs.schedule.dateLabel')}</label>
          <input
            ref={dateRef}
            id={dateId}
            type="date"
            className="schedule-form__input"
            value={date}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="schedule-form__field">
          <label htmlFor={timeId}>{t('blogs.schedule.timeLabel')}</label>
          <input
            id={timeId}
            type="time"
            className="schedule-form__input"
            value={time}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setTime(event.target.value)}
          />
        </div>
      </div>
      <p id={zoneId} className="schedule-form__zone">
        {t('blogs.schedule.zone', { zone })}
      </p>
      {chosen && (
        <p className="schedule-form__summary" aria-live="polite">
          {t('blogs.schedule.summary', { date: formatDateTime(chosen.toISOString()) })}
        </p>
      )}
      {problem && (
        <p id={messageId} className="schedule-form__error" role="alert">
          {problem}
        </p>
      )}
    </FormDialog>
  );
}
