import { msg, t } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { i18n } from '~/platform/i18n'

// One thing drawn on the whiteboard, as stored in the shared document's `items` array.
export type Tool = 'pen' | 'eraser' | 'line' | 'rect' | 'ellipse' | 'text'

export type BoardItem = {
	id: string
	kind: Tool
	color: string
	width: number
	/** Board coordinates x0, y0, x1, y1, ...: a stroke's path, a shape's corners, text's top left. */
	points: number[]
	text?: string
}

const KIND_LABELS: Record<Tool, MessageDescriptor> = {
	pen: msg`Pen stroke`,
	eraser: msg`Eraser stroke`,
	line: msg`Line`,
	rect: msg`Rectangle`,
	ellipse: msg`Ellipse`,
	text: msg`Text`,
}

/** How a drawing is read out to someone who cannot see the canvas. */
export function boardItemLabel(item: BoardItem) {
	if (item.kind !== 'text') return i18n._(KIND_LABELS[item.kind])
	const words = item.text ?? ''
	return t`Text: ${words}`
}
