/**
 * The id of the element holding the router's hydration data in the rendered HTML. A module of its
 * own: the browser's first script (client/src/main.tsx) reads it, and whatever else it imported would
 * run before the page is idle.
 */
export const HYDRATION_DATA_ID = 'router-data';
