import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.js';
import type { ActionState } from '../post-actions.js';

interface PostActionButtonProps {
  label: string;
  state: ActionState;
  tone?: 'danger' | 'warning' | 'primary';
  busy?: boolean;
  onClick: () => void;
}

/**
 * A card action. A disabled one stays focusable (aria-disabled rather than disabled), so keyboard
 * users reach the tooltip that says why; Escape hides the tooltip (WCAG 1.4.13).
 */
export function PostActionButton({ label, state, tone, busy = false, onClick }: PostActionButtonProps) {
  const { t } = useTranslation();
  const tooltipId = useId();
  const [dismissed, setDismissed] = useState(false);
  if (!state.visible) return null;
  const enabled = state.enabled && !busy;
  return (
    <span className="post-action" data-dismissed={dismissed} onMouseLeave={() => setDismissed(false)}>
      <button
        type="button"
        className={`post-action__button${tone ? ` post-action__button--${tone}` : ''}`}
        aria-disabled={!enabled || undefined}
        aria-describedby={state.reason ? tooltipId : undefined}
        onClick={enabled ? onClick : undefined}
        onBlur={() => setDismissed(false)}
        onKeyDown={(event) => event.key === 'Escape' && setDismissed(true)}
      >
        {label}
      </button>
      {state.reason && (
        <span role="tooltip" id={tooltipId} className="post-action__tooltip">
          {t(state.reason)}
        </span>
      )}
    </span>
  );
}
