// The toast library loads after hydration, as its own chunk: no page waits for it before it is
// interactive, and a toast asked for earlier shows once it has loaded (sonner keeps it until the
// Toaster subscribes).
import type * as SonnerModule from 'sonner'

export type Sonner = typeof SonnerModule

let sonner: Promise<Sonner> | undefined

export function loadSonner() {
	sonner ??= import('sonner')
	return sonner
}

/** Shows a toast as soon as the library is there. */
export function showToast(show: (toast: Sonner['toast']) => void) {
	void loadSonner().then(({ toast }) => show(toast))
}
