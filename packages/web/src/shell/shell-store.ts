// The shell's layout state: side menu (collapsed by default), its overlay on narrow screens, the
// right sidebar and the user menu.
import { create } from 'zustand';

/** The shell's layout state and actions. */
export interface ShellState {
  /** The wide-screen preference: expanded or collapsed. Spec: collapsed by default. */
  menuExpanded: boolean;
  /** The menu shown over the content (widths of 1024 px or less, and the mobile lightbox). */
  menuOverlayOpen: boolean;
  rightSidebarOpen: boolean;
  /** Groups (by label) the user opened. */
  openGroups: readonly string[];
  toggleMenu: (narrow: boolean) => void;
  closeOverlay: () => void;
  toggleRightSidebar: () => void;
  closeRightSidebar: () => void;
  toggleGroup: (label: string) => void;
  openGroup: (label: string) => void;
}

function startsWide(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia('(max-width: 1024px)').matches;
}

/** The shell store (Zustand). */
export const useShellStore = create<ShellState>()((set) => ({
  menuExpanded: false,
  menuOverlayOpen: false,
  rightSidebarOpen: startsWide(),
  openGroups: [],
  toggleMenu(narrow) {
    // At 1024 px or less the docked menu stays collapsed: the button opens it over the content instead.
    if (narrow) set((state) => ({ menuOverlayOpen: !state.menuOverlayOpen }));
    else set((state) => ({ menuExpanded: !state.menuExpanded, menuOverlayOpen: false }));
  },
  closeOverlay() {
    set({ menuOverlayOpen: false });
  },
  toggleRightSidebar() {
    set((state) => ({ rightSidebarOpen: !state.rightSidebarOpen }));
  },
  closeRightSidebar() {
    set({ rightSidebarOpen: false });
  },
  toggleGroup(label) {
    set((state) => ({ openGroups: state.openGroups.includes(label) ? state.openGroups.filter((g) => g !== label) : [...state.openGroups, label] }));
  },
  openGroup(label) {
    set((state) => ({ openGroups: state.openGroups.includes(label) ? state.openGroups : [...state.openGroups, label] }));
  },
}));
