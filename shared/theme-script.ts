export const STORAGE_KEY = 'docsbuild-theme';

/**
 * Put inline at the top of every page's <head> (cli/features/viewer/document.ts):
 * applies a stored choice before the first paint, so a reader who picked
 * dark never sees a white flash while main.js loads. The Content-Security-Policy
 * allows exactly this text by its hash (cli/security/csp.ts).
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem("${STORAGE_KEY}");if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
