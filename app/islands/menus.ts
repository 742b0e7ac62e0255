// The header's script: what <details> and <dialog> cannot do alone (public-side §2 header, §9).

// Spec §9: a dropdown opens 200 ms after the pointer rests on it. A short grace period on
// leaving lets the pointer travel from the button to the panel without it closing.
export const MENU_HOVER_DELAY_MS = 200;
const MENU_LEAVE_GRACE_MS = 150;

/** The desktop dropdowns: the hover delay, Escape, a click outside and Tab past the panel close. */
function initDropdowns(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>("details[data-nav-menu]")];
  if (!menus.length) return;
  const nav = menus[0].closest("nav")!;

  for (const menu of menus) {
    const item = menu.parentElement!;
    const summary = menu.querySelector("summary")!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A panel opened by hovering stays open when the visitor then clicks the button.
    let openedByHover = false;
    const clearTimer = () => {
      clearTimeout(timer);
      timer = undefined;
    };

    item.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse") return;
      clearTimer();
      if (menu.open) return;
      timer = setTimeout(() => {
        openedByHover = true;
        menu.open = true;
      }, MENU_HOVER_DELAY_MS);
    });
    item.addEventListener("pointerleave", (event) => {
      if (event.pointerType !== "mouse") return;
      clearTimer();
      if (!openedByHover) return;
      timer = setTimeout(() => {
        menu.open = false;
      }, MENU_LEAVE_GRACE_MS);
    });
    summary.addEventListener("click", (event) => {
      clearTimer();
      if (menu.open && openedByHover) {
        event.preventDefault();
        openedByHover = false;
      }
    });
    menu.addEventListener("toggle", () => {
      if (!menu.open) openedByHover = false;
    });
    menu.addEventListener("focusout", (event) => {
      if (menu.open && !menu.contains(event.relatedTarget as Node | null)) menu.open = false;
    });
    menu.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      summary.focus();
    });
  }

  document.addEventListener("pointerdown", (event) => {
    if (nav.contains(event.target as Node)) return;
    for (const menu of menus) menu.open = false;
  });
}

/**
 * Invoker buttons (`commandfor` + `command="show-modal"` / `"close"`) open and close the mobile
 * drawer without script where the browser knows them; this does the same for the others. A
 * click on a dialog's backdrop closes it, as `closedby="any"` does natively.
 */
function initDialogs(): void {
  if (!("command" in HTMLButtonElement.prototype)) {
    for (const button of document.querySelectorAll<HTMLButtonElement>("button[commandfor]")) {
      button.addEventListener("click", () => {
        const target = document.getElementById(button.getAttribute("commandfor") ?? "");
        if (!(target instanceof HTMLDialogElement)) return;
        const command = button.getAttribute("command");
        if (command === "show-modal" && !target.open) target.showModal();
        if (command === "close") target.close();
      });
    }
  }
  if (!("closedBy" in HTMLDialogElement.prototype)) {
    for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[closedby="any"]')) {
      // A click on the dialog element outside its box landed on its ::backdrop.
      dialog.addEventListener("click", (event) => {
        if (event.target !== dialog) return;
        const box = dialog.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) dialog.close();
      });
    }
  }
}

export function initMenus(): void {
  initDropdowns();
  initDialogs();
}
