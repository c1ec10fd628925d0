/** true in the server's bundle, false in the browser's: esbuild's define (renderer/build), so server-only code leaves the browser's bundle. */
declare const SERVER: boolean;
