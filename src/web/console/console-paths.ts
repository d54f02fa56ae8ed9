/**
 * The staff console's addresses, all under /staff: the app's router sends every one of them to
 * the console (app/routes.tsx), and the server answers each with the app (plugins/web-app.ts).
 */
export const CONSOLE_ROOT = '/staff';

export const consolePaths = {
  signIn: { path: 'sign-in', getHref: () => `${CONSOLE_ROOT}/sign-in` },
  enrol: { path: 'enrol', getHref: () => `${CONSOLE_ROOT}/enrol` },
  students: {
    path: 'students',
    getHref: (query?: URLSearchParams) =>
      `${CONSOLE_ROOT}/students${query && query.size > 0 ? `?${query.toString()}` : ''}`,
  },
  addStudent: { path: 'students/new', getHref: () => `${CONSOLE_ROOT}/students/new` },
  importStudents: { path: 'students/import', getHref: () => `${CONSOLE_ROOT}/students/import` },
  student: {
    path: 'students/:id',
    /** `tab`: the record's tab to open (its address keeps it as `?tab=`). */
    getHref: (id: string, tab?: string) =>
      `${CONSOLE_ROOT}/students/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ''}`,
  },
  inbox: { path: 'inbox', getHref: () => `${CONSOLE_ROOT}/inbox` },
  conversation: {
    path: 'inbox/:studentId/:messageId',
    getHref: (studentId: string, messageId: number) =>
      `${CONSOLE_ROOT}/inbox/${encodeURIComponent(studentId)}/${messageId}`,
  },
  reviews: { path: 'reviews', getHref: () => `${CONSOLE_ROOT}/reviews` },
  checklists: { path: 'checklists', getHref: () => `${CONSOLE_ROOT}/checklists` },
  savedReplies: { path: 'saved-replies', getHref: () => `${CONSOLE_ROOT}/saved-replies` },
  team: { path: 'team', getHref: () => `${CONSOLE_ROOT}/team` },
  audit: { path: 'audit', getHref: () => `${CONSOLE_ROOT}/audit` },
  mail: { path: 'mail', getHref: () => `${CONSOLE_ROOT}/mail` },
  notifications: { path: 'notifications', getHref: () => `${CONSOLE_ROOT}/notifications` },
} as const;

/** What the students page reads from the history state: a notice from the page that went there. */
export interface StudentsPageState {
  notice?: string;
}
