import { Type, type Static } from '@sinclair/typebox';

/** The one error body of every 4xx and 5xx response (DESIGN §3). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'The HTTP reason phrase, e.g. "Bad Request"' }),
    errors: Type.Array(Type.String(), {
      description: 'One line per problem, e.g. "title: This field is required"',
    }),
    detailedMessage: Type.String({ description: 'One sentence that says what went wrong' }),
  },
  { title: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const REQUIRED_MESSAGE = 'This field is required';
