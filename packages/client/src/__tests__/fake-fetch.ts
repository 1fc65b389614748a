/** A fetch that records its calls and answers from a list (or a function), for the unit tests. */
export interface RecordedCall {
  url: string;
  headers: Record<string, string>;
  redirect: RequestRedirect | undefined;
  signal: AbortSignal | undefined;
}

export type Answer = Response | ((call: RecordedCall) => Response | Promise<Response>);

export function fakeFetch(...answers: Answer[]) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      headers: { ...(init.headers as Record<string, string>) },
      redirect: init.redirect,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (!answer) throw new Error('fakeFetch: no answer left');
    return typeof answer === 'function' ? answer(call) : copy(answer);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A buffered copy: a clone would tee the stream, and cancelling one branch would wait for the other. */
async function copy(response: Response) {
  const body = [204, 304].includes(response.status) ? null : await response.clone().arrayBuffer();
  return new Response(body, { status: response.status, headers: response.headers });
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

export const errorBody = (status: number, error: string, line: string) =>
  json({ error, errors: [line], detailedMessage: `${line}.` }, status);

export const KEY = 'mhk_secretsecretsecretsecretsecretsecretsecret1';
