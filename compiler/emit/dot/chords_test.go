package dot

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
)

// A dragonfly heatmap of 3 to 6 groups labels every chord, and no two
// labels, and no label and group box, overlap (by the same estimates of
// text size the layout uses; the old layout put every diameter's label
// of an even g on the centre). Each label is a pinned text node on its
// own chord and keeps off every other chord, where it would read as that
// one's.
func TestDragonflyChordLabels(t *testing.T) {
	nodeRE := regexp.MustCompile(`^\s*(\w+) \[(.*)\];$`)
	posRE := regexp.MustCompile(`pos="(-?[0-9.]+),(-?[0-9.]+)!"`)
	for g := 3; g <= 6; g++ {
		gr := compiletest.Source(t, fmt.Sprintf("fabric \"df\" {\n  dragonfly {\n    p = 2\n    a = 4\n    h = 2\n    g = %d\n    local_rate = \"200Gb/s\"\n  }\n}\n", g))
		loads := make([]float64, gr.NumLinks())
		for i := range loads {
			loads[i] = 0.3 + float64(i%7)/10
		}
		text, engine := aggregate(gr, 0, loads).overviewDOT(true)
		if engine != "neato" {
			t.Fatalf("g = %d: engine %s", g, engine)
		}
		var groups, labels []box
		var ends [][2]int // each label's chord
		for _, line := range strings.Split(string(text), "\n") {
			m := nodeRE.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			p := posRE.FindStringSubmatch(m[2])
			if p == nil {
				continue
			}
			x, _ := strconv.ParseFloat(p[1], 64)
			y, _ := strconv.ParseFloat(p[2], 64)
			lines := strings.Count(m[2], `\n`) + 1
			if strings.HasPrefix(m[1], "c") {
				var e [2]int
				fmt.Sscanf(m[1], "c%d_%d", &e[0], &e[1])
				ends = append(ends, e)
				labels = append(labels, labelBox(x, y, make([]string, lines)))
				labels[len(labels)-1].hw = 0.6 // the narrowest chord label, "max 90% · mean 65%", is wider
			} else {
				groups = append(groups, box{x: x, y: y, hw: 1.2, hh: 0.3})
			}
		}
		if len(groups) != g || len(labels) != g*(g-1)/2 {
			t.Fatalf("g = %d: %d groups, %d chord labels; want %d, %d", g, len(groups), len(labels), g, g*(g-1)/2)
		}
		for i, l := range labels {
			for j := i + 1; j < len(labels); j++ {
				if l.overlaps(labels[j]) {
					t.Errorf("g = %d: chord labels at (%.2f, %.2f) and (%.2f, %.2f) overlap", g, l.x, l.y, labels[j].x, labels[j].y)
				}
			}
			for _, b := range groups {
				if l.overlaps(b) {
					t.Errorf("g = %d: chord label at (%.2f, %.2f) overlaps the group at (%.2f, %.2f)", g, l.x, l.y, b.x, b.y)
				}
			}
			// On its own chord, and off every other (a label on a
			// crossing reads as either chord's).
			p, q := groups[ends[i][0]], groups[ends[i][1]]
			if d := segmentDistance(l.x, l.y, p.x, p.y, q.x, q.y); d > 0.01 {
				t.Errorf("g = %d: the label of chord %v is %.2f inch off it", g, ends[i], d)
			}
			for _, e := range ends {
				p, q := groups[e[0]], groups[e[1]]
				if d := segmentDistance(l.x, l.y, p.x, p.y, q.x, q.y); e != ends[i] && d < offChord {
					t.Errorf("g = %d: the label of chord %v sits %.2f inch from chord %v", g, ends[i], d, e)
				}
			}
		}
	}
}
