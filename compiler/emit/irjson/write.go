package irjson

import (
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/topoc/topoc/compiler/ir"
)

// Marshal returns the IR JSON of g: the document of Build, one fabric,
// node or link per line, and a trailing newline. A NaN or infinite number
// (which the compiler never produces; JSON cannot hold it) is an error
// naming the element.
func Marshal(g *ir.Graph) ([]byte, error) {
	if g == nil {
		return nil, fmt.Errorf("ir: no graph to write")
	}
	// About 200 bytes per node and 190 per link on the examples.
	b := make([]byte, 0, 64+200*len(g.Nodes)+190*g.NumLinks())
	b = append(b, "{\n  \"fabrics\": ["...)
	for i := range g.Fabrics {
		b = sep(b, i)
		b = appendFabric(b, g, i)
	}
	b = closeArray(b, len(g.Fabrics))
	b = append(b, ",\n  \"nodes\": ["...)
	for i := range g.Nodes {
		b = sep(b, i)
		n := &g.Nodes[i]
		if math.IsNaN(n.PortRateBPS) || math.IsInf(n.PortRateBPS, 0) {
			return nil, fmt.Errorf("ir: node %q has port rate %v, which JSON cannot hold", n.Name, n.PortRateBPS)
		}
		b = appendNode(b, g, i)
	}
	b = closeArray(b, len(g.Nodes))
	b = append(b, ",\n  \"links\": ["...)
	for id, l := range g.AllLinks() {
		i := int(id)
		b = sep(b, i)
		length := g.CableLengthM(id)
		for _, v := range [3]float64{l.CapacityBPS, length, g.LineBPS(&l)} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("ir: link %d (%s) holds %v, which JSON cannot hold", i, l.Kind, v)
			}
		}
		b = appendLink(b, &l, g.Media(id), length, g.LineBPS(&l), i)
	}
	b = closeArray(b, g.NumLinks())
	b = append(b, "\n}\n"...)
	return b, nil
}

func sep(b []byte, i int) []byte {
	if i > 0 {
		b = append(b, ',')
	}
	return append(b, "\n    "...)
}

func closeArray(b []byte, n int) []byte {
	if n > 0 {
		b = append(b, "\n  "...)
	}
	return append(b, ']')
}

func appendFabric(b []byte, g *ir.Graph, i int) []byte {
	f := &g.Fabrics[i]
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"name":`...)
	b = appendString(b, f.Name)
	b = append(b, `,"family":`...)
	b = appendString(b, string(f.Family))
	b = append(b, `,"tiers":[`...)
	for j, t := range f.Tiers {
		if j > 0 {
			b = append(b, ',')
		}
		b = appendString(b, t)
	}
	b = append(b, `],"params":[`...)
	for j, p := range f.Params {
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendString(b, p.Name)
		b = append(b, `,"value":`...)
		b = strconv.AppendInt(b, p.Value, 10)
		b = append(b, '}')
	}
	b = append(b, `],"endpoints":`...)
	b = strconv.AppendInt(b, int64(len(f.Endpoints)), 10)
	return append(b, '}')
}

func appendNode(b []byte, g *ir.Graph, i int) []byte {
	n := &g.Nodes[i]
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"name":`...)
	b = appendString(b, n.Name)
	b = append(b, `,"kind":`...)
	b = appendString(b, n.Kind.String())
	b = append(b, `,"labels":{`...)
	first := true
	field := func(name string) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, `":`...)
	}
	str := func(name, v string) {
		if v != "" {
			field(name)
			b = appendString(b, v)
		}
	}
	num := func(name string, v int32) {
		if v != ir.None {
			field(name)
			b = strconv.AppendInt(b, int64(v), 10)
		}
	}
	if len(n.FabricIDs()) > 0 {
		field("fabric")
		b = append(b, '[')
		for j, f := range n.FabricIDs() {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendString(b, g.Fabrics[f].Name)
		}
		b = append(b, ']')
	}
	str("tier", n.TierName())
	str("unit", n.UnitName())
	num("unit_index", n.UnitIndex)
	num("rail", n.Rail)
	num("plane", n.Plane)
	num("rack", n.Rack)
	num("parent", int32(n.Parent))
	str("model", n.ModelName())
	str("role", string(n.RoleName()))
	b = append(b, '}')
	if n.Radix != 0 {
		b = append(b, `,"radix":`...)
		b = strconv.AppendInt(b, int64(n.Radix), 10)
	}
	if n.PortRateBPS != 0 {
		b = append(b, `,"port_rate_bps":`...)
		b = AppendFloat(b, n.PortRateBPS)
	}
	if n.Reserved != 0 {
		b = append(b, `,"reserved_ports":`...)
		b = strconv.AppendInt(b, int64(n.Reserved), 10)
	}
	return append(b, '}')
}

func appendLink(b []byte, l *ir.Link, media string, lengthM, line float64, i int) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, `,"a":`...)
	b = appendEnd(b, l.A)
	b = append(b, `,"b":`...)
	b = appendEnd(b, l.B)
	b = append(b, `,"capacity_bps":`...)
	b = AppendFloat(b, l.CapacityBPS)
	b = append(b, `,"media":`...)
	b = appendString(b, media)
	b = append(b, `,"length_m":`...)
	b = AppendFloat(b, lengthM)
	b = append(b, `,"kind":`...)
	b = appendString(b, l.Kind.String())
	b = append(b, `,"fabric":`...)
	b = strconv.AppendInt(b, int64(l.Fabric), 10)
	b = append(b, `,"lanes":`...)
	b = strconv.AppendInt(b, int64(l.Breakout), 10)
	b = append(b, `,"parallel":`...)
	b = strconv.AppendInt(b, int64(l.Physical()), 10)
	if line > 0 {
		b = append(b, `,"line_rate_bps":`...)
		b = AppendFloat(b, line)
	}
	return append(b, '}')
}

func appendEnd(b []byte, p ir.Port) []byte {
	b = append(b, `{"node":`...)
	b = strconv.AppendInt(b, int64(p.Node), 10)
	b = append(b, `,"port":`...)
	b = strconv.AppendInt(b, int64(p.Port), 10)
	b = append(b, `,"lane":`...)
	b = strconv.AppendInt(b, int64(p.Lane), 10)
	return append(b, '}')
}

// AppendFloat appends f as a JSON number the way encoding/json writes a
// float64: the shortest decimal that round-trips, in plain notation
// unless the magnitude is below 1e-6 or at least 1e21, and then with a
// minimal exponent ("1e-7", "1e+21"). f must be finite.
func AppendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// Clean up e-09 to e-9, as encoding/json does.
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hex = "0123456789abcdef"

// appendString appends s as a JSON string: quotes, backslashes and
// control characters escaped (\n, \r, \t by name), U+2028 and U+2029
// escaped so the file is also valid JavaScript, invalid UTF-8 replaced by
// U+FFFD, everything else (including non-ASCII and <, >, &) as is.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
