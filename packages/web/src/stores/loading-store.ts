// Counts data loads in flight so the shell's top progress bar shows while any runs.
import { create } from 'zustand';

/** The loading counter and its helper. */
export interface LoadingState {
  pending: number;
  /** Counts `work` as in flight until it settles; returns its result. */
  track: <T>(work: Promise<T>) => Promise<T>;
}

/** The loading store (Zustand). */
export const useLoadingStore = create<LoadingState>()((set) => ({
  pending: 0,
  async track(work) {
    set((state) => ({ pending: state.pending + 1 }));
    try {
      return await work;
    } finally {
      set((state) => ({ pending: Math.max(0, state.pending - 1) }));
    }
  },
}));
