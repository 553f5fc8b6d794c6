/** Every key the browser keeps in local storage or cookies, named by the spec (§9). */
export const storageKeys = {
  /** localStorage: the chosen language. */
  language: "language",
  /** localStorage and cookie: the token head joined with the token. */
  loginToken: "loginToken",
  /** localStorage: a staff member's console token (its own realm: a merchant's token never opens the console). */
  consoleToken: "consoleToken",
  /** cookie: sidebar open (1) or closed (0). */
  sidebarStatus: "sidebarStatus",
  /**
   * cookie: a remembered password in the product this one replaces. We never store passwords, but a password
   * change clears it as the spec asks, so an old one cannot linger.
   */
  password: "password",
  /** localStorage prefix: the columns a list shows, per user (`listColumns:<userId>:<list>:<wide|laptop|compact>`). */
  listColumns: "listColumns",
} as const;
