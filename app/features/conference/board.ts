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

const KIND_LABELS: Record<Tool, string> = {
	pen: 'Pen stroke',
	eraser: 'Eraser stroke',
	line: 'Line',
	rect: 'Rectangle',
	ellipse: 'Ellipse',
	text: 'Text',
}

/** How a drawing is read out to someone who cannot see the canvas. */
export function boardItemLabel(item: BoardItem) {
	return item.kind === 'text' ? `Text: ${item.text ?? ''}` : KIND_LABELS[item.kind]
}
