/**
 * What an action that needs the server says when the device has no connection. A module of its
 * own: a page that says it needs no other part of the query client's chunk.
 */
export const OFFLINE_ACTION_MESSAGE =
  'This needs an internet connection. Try again when you are back online.';
