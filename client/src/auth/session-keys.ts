// Where the local session is kept in localStorage: its own module, so the first script (which starts
// a signed-in page's reads with the token) carries these two names and not the session's code.
export const TOKEN_KEY = 'aprendiz.token';
export const USER_KEY = 'aprendiz.user';
