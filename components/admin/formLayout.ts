/** How wide the back office's edit and create forms grow: fields stay readable on a wide screen. */
export const FORM_WIDTH = 760;
