import type { ReactNode } from 'react'

// The signed-in area's frame on screen in this browser tab, if any, as a function that draws it
// around other content. The shell sets it in an effect and takes it back when it goes, so on the
// server it is always null. It is a function, not the shell itself, so that the root (and every
// public page with it) does not carry the shell's code.
type Frame = (content: ReactNode) => ReactNode

let frameOnScreen: Frame | null = null

/** Records the frame now on screen; the returned function takes it back (an effect's cleanup). */
export function showFrame(frame: Frame): () => void {
	frameOnScreen = frame
	return () => {
		if (frameOnScreen === frame) frameOnScreen = null
	}
}

/** The frame on screen, or null. */
export const currentFrame = (): Frame | null => frameOnScreen
