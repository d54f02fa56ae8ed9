/** A text field's value from a submitted form; '' for a missing field (or a file). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** A contract's field message ('must be at most 120 characters') as a sentence under a field. */
export const asSentence = (message: string) =>
  `${message.charAt(0).toUpperCase()}${message.slice(1)}${message.endsWith('.') ? '' : '.'}`;
