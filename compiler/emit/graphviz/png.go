package graphviz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// PNG is drawn here from Graphviz's own drawing instructions rather than
// by go-graphviz's PNG renderer: in v0.2.10 that renderer fills edges as
// closed shapes (a straight edge vanishes, a curved one becomes a black
// wedge) and leaves node outlines out. Graphviz's "json" output carries
// the layout as xdot drawing operations (https://graphviz.org/docs/outputs/canon/#xdot:
// ellipses, polygons, B-splines, polylines, text with its laid-out width,
// colours, fonts, styles); rasterising them with gg, a pure-Go 2D library,
// and Go's embedded fonts gives a correct picture whose bytes depend only
// on the layout.

// PNGScale is pixels per point of the PNG: 1.5 (108 dpi), sharp enough
// for labels of 9 points to read on screen. A presentation choice.
const PNGScale = 1.5

// MaxPNGSide caps the PNG's longer side in pixels; a larger drawing is
// scaled down to fit (an overview never needs more; the SVG is exact).
const MaxPNGSide = 16000

// xdotOp is one drawing operation of Graphviz's json output.
type xdotOp struct {
	Op     string       `json:"op"`
	Color  string       `json:"color"`
	Rect   []float64    `json:"rect"`
	Points [][2]float64 `json:"points"`
	Pt     []float64    `json:"pt"`
	Align  string       `json:"align"`
	Width  float64      `json:"width"`
	Text   string       `json:"text"`
	Size   float64      `json:"size"`
	Face   string       `json:"face"`
	Style  string       `json:"style"`
	Flags  int          `json:"flags"`
}

// xdotObject is a graph, subgraph, node or edge with its operations.
type xdotObject struct {
	Draw   []xdotOp `json:"_draw_"`
	LDraw  []xdotOp `json:"_ldraw_"`
	HDraw  []xdotOp `json:"_hdraw_"`
	TDraw  []xdotOp `json:"_tdraw_"`
	HLDraw []xdotOp `json:"_hldraw_"`
	TLDraw []xdotOp `json:"_tldraw_"`
	XLDraw []xdotOp `json:"_xldraw_"`
}

type xdotGraph struct {
	xdotObject
	BB      string       `json:"bb"`
	Objects []xdotObject `json:"objects"`
	Edges   []xdotObject `json:"edges"`
}

// rasterize draws Graphviz json output as a PNG: the graph's background,
// then edges, then nodes and clusters, then all labels on top, so labels
// stay legible where lines cross them.
func rasterize(layout []byte) ([]byte, error) {
	var g xdotGraph
	if err := json.Unmarshal(layout, &g); err != nil {
		return nil, fmt.Errorf("graphviz: reading the layout: %w", err)
	}
	bb := strings.Split(g.BB, ",")
	if len(bb) != 4 {
		return nil, fmt.Errorf("graphviz: layout has no bounding box")
	}
	var box [4]float64
	for i, s := range bb {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("graphviz: bounding box %q: %w", g.BB, err)
		}
		box[i] = v
	}
	const margin = 8 // points
	w, h := box[2]-box[0]+2*margin, box[3]-box[1]+2*margin
	scale := PNGScale
	if m := math.Max(w, h) * scale; m > MaxPNGSide {
		scale *= MaxPNGSide / m
	}
	p := &painter{
		dc:    gg.NewContext(int(math.Ceil(w*scale)), int(math.Ceil(h*scale))),
		scale: scale, x0: box[0] - margin, y1: box[3] + margin,
		pen: color.Black, fill: color.Black, fontSize: 14, lineWidth: 1,
	}
	p.dc.SetColor(color.White)
	p.dc.Clear()
	p.run(g.Draw)
	for _, e := range g.Edges {
		p.run(e.Draw)
		p.run(e.HDraw)
		p.run(e.TDraw)
	}
	for _, o := range g.Objects {
		p.run(o.Draw)
	}
	for _, o := range g.Objects {
		p.run(o.LDraw)
	}
	for _, e := range g.Edges {
		p.run(e.LDraw)
		p.run(e.XLDraw)
		p.run(e.HLDraw)
		p.run(e.TLDraw)
	}
	p.run(g.LDraw)
	if p.err != nil {
		return nil, p.err
	}
	var buf bytes.Buffer
	if err := p.dc.EncodePNG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// painter holds the drawing state xdot operations change.
type painter struct {
	dc        *gg.Context
	scale     float64
	x0, y1    float64 // layout point at the image's top-left corner
	pen, fill color.Color
	fontSize  float64
	bold      bool
	lineWidth float64
	dash      []float64
	invisible bool
	err       error
}

func (p *painter) x(v float64) float64 { return (v - p.x0) * p.scale }
func (p *painter) y(v float64) float64 { return (p.y1 - v) * p.scale }

func (p *painter) run(ops []xdotOp) {
	// Style and colours apply within one attribute's operation list.
	p.pen, p.fill, p.lineWidth, p.dash, p.invisible, p.bold = color.Black, color.Black, 1, nil, false, false
	for i := range ops {
		p.op(&ops[i])
	}
}

func (p *painter) op(o *xdotOp) {
	switch o.Op {
	case "c":
		p.pen = parseColour(o.Color)
	case "C":
		p.fill = parseColour(o.Color)
	case "S":
		p.style(o.Style)
	case "F":
		p.fontSize = o.Size
	case "t":
		p.bold = o.Flags&1 != 0
	case "e", "E":
		if len(o.Rect) == 4 {
			p.dc.NewSubPath()
			p.dc.DrawEllipse(p.x(o.Rect[0]), p.y(o.Rect[1]), o.Rect[2]*p.scale, o.Rect[3]*p.scale)
			p.finish(o.Op == "E", true)
		}
	case "p", "P", "L":
		if len(o.Points) > 0 {
			p.dc.NewSubPath()
			for i, pt := range o.Points {
				if i == 0 {
					p.dc.MoveTo(p.x(pt[0]), p.y(pt[1]))
				} else {
					p.dc.LineTo(p.x(pt[0]), p.y(pt[1]))
				}
			}
			if o.Op != "L" {
				p.dc.ClosePath()
			}
			p.finish(o.Op == "P", true)
		}
	case "b", "B":
		// Graphviz's json writer names a filled B-spline "B" and an
		// unfilled one "b" (gvrender_core_json.c), the reverse of the
		// xdot text format; ellipses and polygons agree with xdot.
		if len(o.Points) >= 4 {
			p.dc.NewSubPath()
			p.dc.MoveTo(p.x(o.Points[0][0]), p.y(o.Points[0][1]))
			for i := 1; i+2 < len(o.Points); i += 3 {
				a, b, c := o.Points[i], o.Points[i+1], o.Points[i+2]
				p.dc.CubicTo(p.x(a[0]), p.y(a[1]), p.x(b[0]), p.y(b[1]), p.x(c[0]), p.y(c[1]))
			}
			p.finish(o.Op == "B", true)
		}
	case "T":
		p.text(o)
	}
}

// finish fills (with the fill colour) and then strokes (with the pen) the
// current path, as Graphviz's own renderers draw a filled shape.
func (p *painter) finish(filled, stroke bool) {
	if p.invisible {
		p.dc.ClearPath()
		return
	}
	if filled {
		p.dc.SetColor(p.fill)
		p.dc.FillPreserve()
	}
	if stroke {
		p.dc.SetColor(p.pen)
		p.dc.SetLineWidth(p.lineWidth * p.scale)
		if len(p.dash) > 0 {
			d := make([]float64, len(p.dash))
			for i, v := range p.dash {
				d[i] = v * p.scale
			}
			p.dc.SetDash(d...)
		} else {
			p.dc.SetDash()
		}
		p.dc.Stroke()
	}
	p.dc.ClearPath()
}

// style applies one xdot style: solid, dashed, dotted, bold, invis,
// setlinewidth(N); others (rounded, filled) are already in the shapes.
func (p *painter) style(s string) {
	switch {
	case s == "solid":
		p.dash = nil
	case s == "dashed":
		p.dash = []float64{5, 3}
	case s == "dotted":
		p.dash = []float64{1.2, 2.4}
	case s == "bold":
		p.lineWidth = 2
	case s == "invis" || s == "invisible":
		p.invisible = true
	case strings.HasPrefix(s, "setlinewidth("):
		if v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(s, "setlinewidth("), ")"), 64); err == nil && v >= 0 {
			p.lineWidth = v
		}
	}
}

// text draws one text span at its baseline with Go Regular (or Go Bold),
// shrunk when it would be wider than the width Graphviz laid out for it,
// so text stays inside its box whatever the font metrics.
func (p *painter) text(o *xdotOp) {
	if p.invisible || len(o.Pt) != 2 || o.Text == "" {
		return
	}
	size := p.fontSize * p.scale
	face, err := faceFor(size, p.bold)
	if err != nil {
		p.err = err
		return
	}
	p.dc.SetFontFace(face)
	tw, _ := p.dc.MeasureString(o.Text)
	if want := o.Width * p.scale; tw > want && want > 0 {
		size *= want / tw
		if face, err = faceFor(size, p.bold); err != nil {
			p.err = err
			return
		}
		p.dc.SetFontFace(face)
		tw, _ = p.dc.MeasureString(o.Text)
	}
	x := p.x(o.Pt[0])
	switch o.Align {
	case "c":
		x -= tw / 2
	case "r":
		x -= tw
	}
	p.dc.SetColor(p.pen)
	p.dc.DrawString(o.Text, x, p.y(o.Pt[1]))
}

// pngFaces caches font faces by size (in pixels) and weight; used under mu.
var pngFaces = map[[2]float64]font.Face{}

var parsedFonts [2]*opentype.Font

func faceFor(size float64, bold bool) (font.Face, error) {
	w := 0
	if bold {
		w = 1
	}
	size = math.Round(size*4) / 4 // few distinct sizes: bounded cache
	if f, ok := pngFaces[[2]float64{size, float64(w)}]; ok {
		return f, nil
	}
	if parsedFonts[w] == nil {
		src := goregular.TTF
		if bold {
			src = gobold.TTF
		}
		ft, err := opentype.Parse(src)
		if err != nil {
			return nil, err
		}
		parsedFonts[w] = ft
	}
	face, err := opentype.NewFace(parsedFonts[w], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	pngFaces[[2]float64{size, float64(w)}] = face
	return face, nil
}

// parseColour reads "#rrggbb", "#rrggbbaa" and the few names Graphviz
// writes for defaults; anything else is black.
func parseColour(s string) color.Color {
	switch strings.ToLower(s) {
	case "black":
		return color.Black
	case "white":
		return color.White
	case "transparent", "none", "invis":
		return color.Transparent
	}
	if len(s) == 7 || len(s) == 9 {
		if v, err := strconv.ParseUint(s[1:], 16, 32); err == nil && s[0] == '#' {
			if len(s) == 7 {
				return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
			}
			return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}
		}
	}
	return color.Black
}
