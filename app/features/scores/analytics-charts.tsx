import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { formatNumber } from '~/platform/numbers'
import { layoutBars, layoutLine, niceMax, tickCount, ticks } from './charts'

const WIDTH = 560
const HEIGHT = 220
const MARGIN = { top: 12, right: 12, bottom: 40, left: 40 }
const PLOT = {
	width: WIDTH - MARGIN.left - MARGIN.right,
	height: HEIGHT - MARGIN.top - MARGIN.bottom,
}

type Column = { header: string; values: (string | number)[] }

const formatCell = (value: string | number | undefined) =>
	typeof value === 'number' ? formatNumber(value) : value

/**
 * A chart as a picture for sighted users and as a table for screen readers: the SVG is hidden
 * from assistive technology and the table (visually hidden) carries the same numbers.
 */
function ChartFigure({
	title,
	description,
	rowHeader,
	rows,
	columns,
	children,
}: {
	title: string
	description: string
	rowHeader: string
	rows: string[]
	columns: Column[]
	children: React.ReactNode
}) {
	const id = useId()
	return (
		<figure
			aria-labelledby={`${id}-title`}
			className="rounded-lg border border-slate-200 bg-white p-4"
		>
			<figcaption id={`${id}-title`} className="text-lg font-semibold">
				{title}
			</figcaption>
			<p className="text-sm text-slate-600">{description}</p>
			<svg
				viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
				className="mt-3 h-auto w-full max-w-2xl"
				aria-hidden="true"
				focusable="false"
				// A chart's axes read left to right in every language: its numbers and time run that way.
				direction="ltr"
			>
				{children}
			</svg>
			{/* A table will not shrink to sr-only's 1 px, so the box around it is the hidden one. */}
			<div className="sr-only">
				<table>
					<caption>{title}</caption>
					<thead>
						<tr>
							<th scope="col">{rowHeader}</th>
							{columns.map((column) => (
								<th scope="col" key={column.header}>
									{column.header}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{rows.map((row, index) => (
							<tr key={row}>
								<th scope="row">{row}</th>
								{columns.map((column) => (
									<td key={column.header}>{formatCell(column.values[index])}</td>
								))}
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</figure>
	)
}

function Axes({
	max,
	labels,
	format = (n: number) => formatNumber(n),
}: {
	max: number
	labels: string[]
	format?: (n: number) => string
}) {
	const slot = labels.length > 0 ? PLOT.width / labels.length : 0
	return (
		<g transform={`translate(${MARGIN.left} ${MARGIN.top})`} className="text-[11px]">
			{ticks(max, tickCount(max)).map((tick) => {
				const y = PLOT.height - (tick / max) * PLOT.height
				return (
					<g key={tick}>
						<line x1={0} x2={PLOT.width} y1={y} y2={y} className="stroke-slate-200" />
						<text x={-6} y={y + 4} textAnchor="end" className="fill-slate-600">
							{format(tick)}
						</text>
					</g>
				)
			})}
			<line x1={0} x2={PLOT.width} y1={PLOT.height} y2={PLOT.height} className="stroke-slate-500" />
			{labels.map((label, index) => (
				<text
					key={`${label}-${index}`}
					x={index * slot + slot / 2}
					y={PLOT.height + 16}
					textAnchor="middle"
					className="fill-slate-700"
				>
					{label}
				</text>
			))}
		</g>
	)
}

export function BarChart({
	title,
	description,
	rowHeader,
	valueHeader,
	bars,
	extraColumns = [],
}: {
	title: string
	description: string
	rowHeader: string
	valueHeader: string
	bars: { label: string; shortLabel?: string; value: number }[]
	extraColumns?: Column[]
}) {
	const max = niceMax(Math.max(0, ...bars.map((bar) => bar.value)))
	const laidOut = layoutBars(bars, { ...PLOT, max })
	return (
		<ChartFigure
			title={title}
			description={description}
			rowHeader={rowHeader}
			rows={bars.map((bar) => bar.label)}
			columns={[{ header: valueHeader, values: bars.map((bar) => bar.value) }, ...extraColumns]}
		>
			<Axes max={max} labels={bars.map((bar) => bar.shortLabel ?? bar.label)} />
			<g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
				{laidOut.map((bar) => (
					<g key={bar.label}>
						<rect
							x={bar.x}
							y={bar.y}
							width={bar.width}
							height={bar.height}
							className="fill-indigo-700"
							rx={2}
						/>
						{bar.value > 0 ? (
							<text
								x={bar.x + bar.width / 2}
								y={bar.y - 4}
								textAnchor="middle"
								className="fill-indigo-950 text-[11px]"
							>
								{formatNumber(bar.value)}
							</text>
						) : null}
					</g>
				))}
			</g>
		</ChartFigure>
	)
}

export function LineChart({
	title,
	description,
	rowHeader,
	valueHeader,
	points,
	max,
	extraColumns = [],
}: {
	title: string
	description: string
	rowHeader: string
	valueHeader: string
	points: { label: string; value: number | null }[]
	max: number
	extraColumns?: Column[]
}) {
	const { t } = useLingui()
	const laidOut = layoutLine(points, { ...PLOT, max })
	return (
		<ChartFigure
			title={title}
			description={description}
			rowHeader={rowHeader}
			rows={points.map((point) => point.label)}
			columns={[
				{
					header: valueHeader,
					values: points.map((point) =>
						point.value === null ? t`No scores` : formatNumber(point.value),
					),
				},
				...extraColumns,
			]}
		>
			<Axes max={max} labels={points.map((point) => point.label)} />
			<g transform={`translate(${MARGIN.left} ${MARGIN.top})`}>
				<polyline
					points={laidOut.map((point) => `${point.x},${point.y}`).join(' ')}
					fill="none"
					className="stroke-indigo-700"
					strokeWidth={2.5}
				/>
				{laidOut.map((point) => (
					<g key={point.label}>
						<circle cx={point.x} cy={point.y} r={4} className="fill-indigo-700" />
						<text
							x={point.x}
							y={point.y - 8}
							textAnchor="middle"
							className="fill-indigo-950 text-[11px]"
						>
							{point.value === null ? null : formatNumber(point.value)}
						</text>
					</g>
				))}
			</g>
		</ChartFigure>
	)
}
