/** Whether one of the lines is about this field ("field: message", as the server writes them). */
export const aboutField = (lines: string[], field: string) => lines.some((l) => l.startsWith(`${field}:`));
