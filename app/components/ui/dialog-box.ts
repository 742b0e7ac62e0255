// Shared by Dialog and AlertDialog, kept apart so that neither pulls in the other.

/**
 * The box every dialog shares. Its width is min(the caller's max-w-*, 100vw − 2rem) and its height
 * at most the dynamic viewport's minus 2rem on a phone (92vh from sm up, as before), with its own
 * vertical scroll: a long form fits a 360 px phone, and the footer (DialogFooter) stays in reach
 * at the bottom while it scrolls.
 * Callers widen it with a max-w-* class only. A word longer than the line (an e-mail address in a
 * description) breaks rather than widening the box.
 */
export const dialogBoxClass =
  "fixed left-1/2 top-1/2 z-50 grid w-[calc(100vw-2rem)] max-h-[calc(100dvh-2rem)] sm:max-h-[92vh] -translate-x-1/2 -translate-y-1/2 grid-cols-[minmax(0,1fr)] gap-4 overflow-y-auto overscroll-contain rounded-lg break-words border bg-background p-6 shadow-lg max-sm:p-4";

/**
 * On phones the footer sticks to the bottom of a scrolling dialog and its buttons are 44 px tall;
 * on wider screens it is drawn as before.
 */
export const dialogFooterClass =
  "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end max-sm:[&>*]:min-h-11 max-sm:sticky max-sm:-bottom-4 max-sm:z-10 max-sm:-mx-4 max-sm:-mb-4 max-sm:border-t max-sm:bg-background max-sm:px-4 max-sm:py-3";
