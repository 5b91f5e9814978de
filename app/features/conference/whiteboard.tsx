import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import * as Y from 'yjs'
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/ui/button'
import { boardItemLabel, type BoardItem, type Tool } from './board'

/** The board's own coordinates; the canvas scales them to whatever size it is shown at. */
const WIDTH = 1600
const HEIGHT = 1000
const BACKGROUND = '#ffffff'
/** Origin of this browser's own edits: undo and redo touch only these. */
const LOCAL = 'local'

const COLOURS = [
	{ value: '#0f172a', label: msg`Black` },
	{ value: '#b91c1c', label: msg`Red` },
	{ value: '#1d4ed8', label: msg`Blue` },
	{ value: '#15803d', label: msg`Green` },
	{ value: '#a16207', label: msg`Brown` },
	{ value: '#7e22ce', label: msg`Purple` },
] as const

const TOOLS: { value: Tool; label: MessageDescriptor }[] = [
	{ value: 'pen', label: msg`Pen` },
	{ value: 'eraser', label: msg`Eraser` },
	{ value: 'line', label: msg`Line` },
	{ value: 'rect', label: msg`Rectangle` },
	{ value: 'ellipse', label: msg`Ellipse` },
	{ value: 'text', label: msg`Text` },
]

const SIZES = [
	{ value: 2, label: msg`Thin` },
	{ value: 4, label: msg`Medium` },
	{ value: 8, label: msg`Thick` },
]

function drawItem(context: CanvasRenderingContext2D, item: BoardItem) {
	const points = item.points
	context.strokeStyle = item.kind === 'eraser' ? BACKGROUND : item.color
	context.fillStyle = item.color
	context.lineWidth = item.kind === 'eraser' ? item.width * 6 : item.width
	context.lineCap = 'round'
	context.lineJoin = 'round'
	if (item.kind === 'text') {
		// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font, not words
		context.font = `${12 + item.width * 4}px system-ui, sans-serif`
		context.textBaseline = 'top'
		// A label's point is its top left on every screen: a right-to-left page must not move it.
		context.direction = 'ltr'
		context.textAlign = 'left'
		context.fillText(item.text ?? '', points[0] ?? 0, points[1] ?? 0)
		return
	}
	if (points.length < 2) return
	const [x0, y0] = [points[0]!, points[1]!]
	const [x1, y1] = [points.at(-2)!, points.at(-1)!]
	context.beginPath()
	switch (item.kind) {
		case 'pen':
		case 'eraser':
			context.moveTo(x0, y0)
			if (points.length === 2) context.lineTo(x0 + 0.1, y0)
			for (let index = 2; index < points.length; index += 2)
				context.lineTo(points[index]!, points[index + 1]!)
			break
		case 'line':
			context.moveTo(x0, y0)
			context.lineTo(x1, y1)
			break
		case 'rect':
			context.rect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0))
			break
		case 'ellipse':
			context.ellipse(
				(x0 + x1) / 2,
				(y0 + y1) / 2,
				Math.abs(x1 - x0) / 2,
				Math.abs(y1 - y0) / 2,
				0,
				0,
				Math.PI * 2,
			)
			break
	}
	context.stroke()
}

function render(canvas: HTMLCanvasElement, items: BoardItem[], draft: BoardItem | null) {
	const context = canvas.getContext('2d')
	if (!context) return
	context.fillStyle = BACKGROUND
	context.fillRect(0, 0, WIDTH, HEIGHT)
	for (const item of items) drawItem(context, item)
	if (draft) drawItem(context, draft)
}

const newId = () => crypto.randomUUID()

/**
 * The shared drawing surface: every change is an edit of the Yjs document `doc`, which the room
 * socket shares with everyone else in the room and the API stores.
 */
export function Whiteboard({
	doc,
	label,
	canClear = false,
}: {
	doc: Y.Doc
	label?: string
	/** The room's teacher: the only one who may clear the board for everyone (the server agrees). */
	canClear?: boolean
}) {
	const { t, i18n } = useLingui()
	const canvasRef = useRef<HTMLCanvasElement>(null)
	const [items, setItems] = useState<BoardItem[]>([])
	const [tool, setTool] = useState<Tool>('pen')
	const [color, setColor] = useState<string>(COLOURS[0].value)
	const [width, setWidth] = useState(4)
	const [text, setText] = useState('')
	const [history, setHistory] = useState({ undo: false, redo: false })
	const [clearing, setClearing] = useState<'asking' | 'cleared' | null>(null)
	const draft = useRef<BoardItem | null>(null)
	const undoManager = useRef<Y.UndoManager | null>(null)

	useEffect(() => {
		const shared = doc.getArray<BoardItem>('items')
		// Undo and redo take back only this browser's own changes, never someone else's, one
		// drawing at a time (no merging of changes made close together: a quick stroke and a
		// label are two steps back).
		const manager = new Y.UndoManager(shared, {
			trackedOrigins: new Set([LOCAL]),
			captureTimeout: 0,
		})
		undoManager.current = manager
		const update = () => setItems(shared.toArray())
		const updateHistory = () => setHistory({ undo: manager.canUndo(), redo: manager.canRedo() })
		update()
		shared.observe(update)
		manager.on('stack-item-added', updateHistory)
		manager.on('stack-item-popped', updateHistory)
		manager.on('stack-cleared', updateHistory)
		return () => {
			shared.unobserve(update)
			manager.destroy()
			undoManager.current = null
		}
	}, [doc])

	useEffect(() => {
		if (canvasRef.current) render(canvasRef.current, items, draft.current)
	}, [items])

	const add = (item: BoardItem) =>
		doc.transact(() => doc.getArray<BoardItem>('items').push([item]), LOCAL)

	function boardPoint(event: ReactPointerEvent<HTMLCanvasElement>) {
		const box = event.currentTarget.getBoundingClientRect()
		return [
			Math.round(((event.clientX - box.left) / box.width) * WIDTH),
			Math.round(((event.clientY - box.top) / box.height) * HEIGHT),
		] as const
	}

	function placeText(x: number, y: number) {
		if (!text.trim()) return
		add({ id: newId(), kind: 'text', color, width, points: [x, y], text: text.trim() })
	}

	function onPointerDown(event: ReactPointerEvent<HTMLCanvasElement>) {
		if (event.button !== 0) return
		const [x, y] = boardPoint(event)
		if (tool === 'text') {
			placeText(x, y)
			return
		}
		event.currentTarget.setPointerCapture(event.pointerId)
		draft.current = { id: newId(), kind: tool, color, width, points: [x, y] }
	}

	function onPointerMove(event: ReactPointerEvent<HTMLCanvasElement>) {
		const current = draft.current
		if (!current) return
		const [x, y] = boardPoint(event)
		current.points =
			current.kind === 'pen' || current.kind === 'eraser'
				? [...current.points, x, y]
				: [current.points[0]!, current.points[1]!, x, y]
		if (canvasRef.current) render(canvasRef.current, items, current)
	}

	function onPointerUp() {
		const current = draft.current
		draft.current = null
		if (current) add(current)
	}

	const count = items.length
	return (
		<section aria-label={label ?? t`Whiteboard`} className="flex flex-col gap-3">
			<div
				role="toolbar"
				aria-label={t`Drawing tools`}
				className="flex flex-wrap items-end gap-4 rounded-md border border-slate-200 bg-white p-3"
			>
				<fieldset className="flex flex-wrap gap-1">
					<legend className="mb-1 text-xs font-medium text-slate-700">
						<Trans>Tool</Trans>
					</legend>
					{TOOLS.map((each) => (
						<button
							key={each.value}
							type="button"
							aria-pressed={tool === each.value}
							onClick={() => setTool(each.value)}
							className={`rounded-md border px-2 py-1 text-sm ${tool === each.value ? 'border-indigo-700 bg-indigo-100 font-semibold text-indigo-900' : 'border-slate-300 bg-white'}`}
						>
							{i18n._(each.label)}
						</button>
					))}
				</fieldset>
				<fieldset className="flex flex-wrap gap-1">
					<legend className="mb-1 text-xs font-medium text-slate-700">
						<Trans>Colour</Trans>
					</legend>
					{COLOURS.map((each) => (
						<button
							key={each.value}
							type="button"
							aria-label={i18n._(each.label)}
							aria-pressed={color === each.value}
							onClick={() => setColor(each.value)}
							className={`h-7 w-7 rounded-full border-2 ${color === each.value ? 'border-indigo-700 ring-2 ring-indigo-300' : 'border-white ring-1 ring-slate-300'}`}
							style={{ backgroundColor: each.value }}
						/>
					))}
				</fieldset>
				<label className="flex flex-col text-xs font-medium text-slate-700">
					<Trans>Size</Trans>
					<select
						value={width}
						onChange={(event) => setWidth(Number(event.target.value))}
						className="rounded-md border border-slate-300 px-2 py-1 text-sm"
					>
						{SIZES.map((each) => (
							<option key={each.value} value={each.value}>
								{i18n._(each.label)}
							</option>
						))}
					</select>
				</label>
				{tool === 'text' ? (
					<label className="flex flex-col text-xs font-medium text-slate-700">
						<Trans>Text to place (click the board)</Trans>
						<input
							value={text}
							maxLength={200}
							onChange={(event) => setText(event.target.value)}
							onKeyDown={(event) => {
								if (event.key === 'Enter') {
									event.preventDefault()
									placeText(WIDTH / 2, HEIGHT / 2)
								}
							}}
							className="rounded-md border border-slate-300 px-2 py-1 text-sm"
						/>
					</label>
				) : null}
				<div className="flex gap-1">
					<Button
						type="button"
						variant="secondary"
						disabled={!history.undo}
						onClick={() => undoManager.current?.undo()}
					>
						<Trans>Undo</Trans>
					</Button>
					<Button
						type="button"
						variant="secondary"
						disabled={!history.redo}
						onClick={() => undoManager.current?.redo()}
					>
						<Trans>Redo</Trans>
					</Button>
					{canClear && clearing !== 'asking' ? (
						<Button
							type="button"
							variant="secondary"
							disabled={count === 0}
							onClick={() => setClearing('asking')}
						>
							<Trans>Clear</Trans>
						</Button>
					) : null}
				</div>
				{canClear && clearing === 'asking' ? (
					<div
						role="alertdialog"
						aria-labelledby="clear-board-question"
						className="flex flex-wrap items-center gap-2"
					>
						<p id="clear-board-question" className="text-sm font-medium">
							<Trans>Clear the board for everyone?</Trans>
						</p>
						<Button
							type="button"
							variant="danger"
							onClick={() => {
								// One tracked change: the teacher's Undo brings the whole board back.
								doc.transact(
									() => doc.getArray('items').delete(0, doc.getArray('items').length),
									LOCAL,
								)
								setClearing('cleared')
							}}
						>
							<Trans>Yes, clear the board</Trans>
						</Button>
						<Button type="button" variant="secondary" onClick={() => setClearing(null)}>
							<Trans>Cancel</Trans>
						</Button>
					</div>
				) : null}
				{clearing === 'cleared' ? (
					<p role="status" className="text-sm text-slate-700">
						<Trans>The board was cleared for everyone. Undo brings it back.</Trans>
					</p>
				) : null}
			</div>
			<canvas
				ref={canvasRef}
				width={WIDTH}
				height={HEIGHT}
				role="img"
				aria-label={plural(count, {
					one: 'Whiteboard with # drawing',
					other: 'Whiteboard with # drawings',
				})}
				data-testid="whiteboard-canvas"
				className="aspect-[16/10] w-full touch-none rounded-md border border-slate-300 bg-white"
				style={{ cursor: tool === 'text' ? 'text' : 'crosshair' }}
				onPointerDown={onPointerDown}
				onPointerMove={onPointerMove}
				onPointerUp={onPointerUp}
				onPointerCancel={onPointerUp}
			/>
			<details className="text-sm text-slate-700">
				<summary className="cursor-pointer">
					<Trans>What is on the board</Trans>
				</summary>
				{count === 0 ? (
					<p>
						<Trans>The board is empty.</Trans>
					</p>
				) : (
					<ol className="list-decimal ps-6">
						{items.map((item) => (
							<li key={item.id}>{boardItemLabel(item)}</li>
						))}
					</ol>
				)}
			</details>
		</section>
	)
}
