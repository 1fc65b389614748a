import { failureLines } from '../../../lib/failed-call.js';

/**
 * A failed call where it happened (role alert): the server's own lines (a 409's or 429's message,
 * a 403's reason), else `fallback` (network, timeout, an answer that makes no sense).
 */
export function ErrorBox({ error, fallback }: { error: unknown; fallback: string }) {
  const lines = failureLines(error);
  return (
    <div className="preview-error" role="alert">
      {(lines.length > 0 ? lines : [fallback]).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
