package dot

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// A dragonfly's overview draws its groups on a circle (neato, positions
// pinned) with the global bundles as chords. Graphviz puts an edge's
// label at the chord's midpoint, so with an even number of groups every
// diameter's label lands on the centre, one over the other, and the
// labels of short chords sit on the group boxes. Where chords are
// labelled (at most 16 of them), topoc places each label itself, as a
// pinned text node, at the first point along its chord where it meets
// no group box and no label placed before it.

// circle is the layout of n groups on a circle: the radius, each
// group's box, and the position of each labelled chord's label, inches.
type circle struct {
	radius float64
	boxes  []box
	labels map[[2]int][2]float64
}

// chord is a bundle between two groups and the lines of its label.
type chord struct {
	ends  [2]int
	lines []string
}

// box is an axis-aligned rectangle, its centre and half sizes, inches.
type box struct{ x, y, hw, hh float64 }

func (b box) overlaps(o box) bool {
	return math.Abs(b.x-o.x) < b.hw+o.hw && math.Abs(b.y-o.y) < b.hh+o.hh
}

// chordGap is the room, inches, between the centres' chord and two
// neighbouring group boxes when chords are labelled: room for a heatmap
// chord label between them ("max 90% · mean 65%", 19 characters at 9
// points, about 1.3 inch) and its margins. A presentation choice.
const chordGap = 1.8

// newCircle places n groups whose widest label line is arc inches and
// whose boxes are lines tall, and the labels of chords. The radius gives
// each group arc inches of arc (at least 2.8), at least 3 inches; with
// labelled chords it is also large enough that two neighbouring boxes
// are chordGap apart along their chord, and it grows by an eighth at a
// time (at most 8 times) until every label finds a free point on its
// chord (place).
func newCircle(n int, arc float64, lines []int, chords []chord) circle {
	radius := math.Max(3, float64(n)*math.Max(arc, 2.8)/(2*math.Pi))
	if len(chords) > 0 && n > 1 {
		radius = math.Max(radius, (arc+chordGap)/(2*math.Sin(math.Pi/float64(n))))
	}
	var c circle
	for try := 0; ; try++ {
		c = circle{radius: radius, labels: map[[2]int][2]float64{}}
		for i := range n {
			angle := math.Pi/2 - 2*math.Pi*float64(i)/float64(n)
			c.boxes = append(c.boxes, box{x: radius * math.Cos(angle), y: radius * math.Sin(angle),
				hw: arc/2 + 0.15, hh: 0.1*float64(lines[i]) + 0.06})
		}
		var placed []box
		free := true
		for _, ch := range chords {
			x, y, ok := c.place(ch, chords, &placed)
			c.labels[ch.ends] = [2]float64{x, y}
			free = free && ok
		}
		if free || try == 8 {
			return c
		}
		radius *= 1.125
	}
}

// pos formats group i's centre as a pinned neato position.
func (c circle) pos(i int) string { return pinned(c.boxes[i].x, c.boxes[i].y) }

// pinned formats a point, inches, as a pinned neato position, rounded
// to thousandths (+0 turns -0 into 0).
func pinned(x, y float64) string {
	return strconv.FormatFloat(math.Round(x*1000)/1000+0, 'f', -1, 64) + "," +
		strconv.FormatFloat(math.Round(y*1000)/1000+0, 'f', -1, 64) + "!"
}

// chordSteps are the points along a chord tried for its label, as a
// fraction of the way from one end: the middle first, then outwards.
var chordSteps = []float64{0.5, 0.42, 0.58, 0.35, 0.65, 0.28, 0.72, 0.22, 0.78}

// labelBox returns the box of a 9-point label of the given lines
// centred at (x, y): 0.068 inch a character (half an em of Helvetica at
// 9 pt is 0.0625 inch; digits and spaces run wider), 0.16 inch a line,
// and margins. An estimate, as labelInches is.
func labelBox(x, y float64, lines []string) box {
	w := 0
	for _, l := range lines {
		w = max(w, utf8.RuneCountInString(l))
	}
	return box{x: x, y: y, hw: 0.068*float64(w)/2 + 0.08, hh: 0.08*float64(len(lines)) + 0.05}
}

// place returns the position of the label of chord ch: the first point
// of chordSteps where its box meets no group box and no box in placed,
// and its centre is at least offChord from every other chord, so that it
// reads as its own chord's (ok); else the midpoint. The label's box is
// added to placed.
func (c circle) place(ch chord, all []chord, placed *[]box) (x, y float64, ok bool) {
	a, b := c.boxes[ch.ends[0]], c.boxes[ch.ends[1]]
	best := -1
	for s, t := range chordSteps {
		px, py := a.x+t*(b.x-a.x), a.y+t*(b.y-a.y)
		lb := labelBox(px, py, ch.lines)
		free := true
		for _, o := range c.boxes {
			free = free && !lb.overlaps(o)
		}
		for _, o := range *placed {
			free = free && !lb.overlaps(o)
		}
		for _, o := range all {
			if o.ends != ch.ends {
				p, q := c.boxes[o.ends[0]], c.boxes[o.ends[1]]
				free = free && segmentDistance(px, py, p.x, p.y, q.x, q.y) >= offChord
			}
		}
		if free {
			best = s
			break
		}
	}
	t := 0.5
	if best >= 0 {
		t = chordSteps[best]
	}
	x, y = a.x+t*(b.x-a.x), a.y+t*(b.y-a.y)
	*placed = append(*placed, labelBox(x, y, ch.lines))
	return x, y, best >= 0
}

// offChord is how far, inches, a label's centre keeps from every chord
// but its own: about one 9-point line, so that a label on a crossing is
// not read as the other chord's. A presentation choice.
const offChord = 0.2

// segmentDistance returns the distance from point (x, y) to the segment
// from (ax, ay) to (bx, by).
func segmentDistance(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((x-ax)*dx+(y-ay)*dy)/l))
	}
	return math.Hypot(x-ax-t*dx, y-ay-t*dy)
}
