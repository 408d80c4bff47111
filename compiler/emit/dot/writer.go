package dot

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// This file is a small DOT writer rather than gonum's encoding/dot,
// because diagrams need what gonum's marshaller does not give:
//
//   - Quoting we control. gonum's quoteID passes a value that already
//     looks quoted ("x") or like an HTML string (<x>) through verbatim,
//     and quotes others with strconv.Quote, whose \t and \u escapes DOT
//     does not define. A design name such as `<b>` or `"a"` would change
//     the meaning of the file. Here every ID is generated ("g12") and every
//     value is a double-quoted string escaped by quote/label below.
//   - rank=same subgraphs and graph/node/edge default attributes without
//     wrapping our groups in gonum graph types with int64 ids.
//   - Byte-stable output: statements are written in the order the views
//     add them, and attributes in the order given.

// attr is one DOT attribute; Value is written quoted unless raw is set
// (raw values are our own numbers and keywords, never design text).
type attr struct {
	key, value string
	// raw values are written as is; escaped values are already escaped
	// text written inside quotes; other values are quoted and escaped.
	raw, escaped bool
}

// a is a quoted attribute.
func a(key, value string) attr { return attr{key: key, value: value} }

// r is a raw (unquoted) attribute for numbers and keywords we generate.
func r(key, value string) attr { return attr{key: key, value: value, raw: true} }

// lbl is a label attribute made of lines of plain text: each line is
// escaped with escapeText and lines are joined with DOT's centred line
// break \n.
func lbl(lines ...string) attr {
	esc := make([]string, 0, len(lines))
	for _, l := range lines {
		if l != "" {
			esc = append(esc, escapeText(l))
		}
	}
	return attr{key: "label", value: strings.Join(esc, `\n`), escaped: true}
}

// writer accumulates one DOT graph.
type writer struct {
	b bytes.Buffer
}

// newWriter starts an undirected-looking digraph (edges drawn without
// arrowheads; a digraph lets dot rank by edge direction) named name.
func newWriter(name string, graphAttrs ...attr) *writer {
	w := &writer{}
	w.b.WriteString("digraph ")
	w.b.WriteString(quote(name))
	w.b.WriteString(" {\n")
	for _, at := range graphAttrs {
		w.b.WriteString("  ")
		w.writeAttr(at)
		w.b.WriteString(";\n")
	}
	return w
}

// defaults writes `node [...]`, `edge [...]` or `graph [...]`.
func (w *writer) defaults(kind string, attrs ...attr) {
	w.b.WriteString("  ")
	w.b.WriteString(kind)
	w.attrList(attrs)
	w.b.WriteString(";\n")
}

// node writes a node statement; id must be a generated identifier.
func (w *writer) node(id string, attrs ...attr) {
	w.b.WriteString("  ")
	w.b.WriteString(id)
	w.attrList(attrs)
	w.b.WriteString(";\n")
}

// edge writes `from -> to [...]`.
func (w *writer) edge(from, to string, attrs ...attr) {
	w.b.WriteString("  ")
	w.b.WriteString(from)
	w.b.WriteString(" -> ")
	w.b.WriteString(to)
	w.attrList(attrs)
	w.b.WriteString(";\n")
}

// sameRank writes `{rank=same; a; b; ... a -> b -> ... [style=invis]}`:
// the nodes share a rank, and the invisible chain keeps them left to
// right in the given order (dot draws a flat edge tail-left), so units
// and rails appear in index order instead of wherever crossing
// minimisation puts them.
func (w *writer) sameRank(ids []string) {
	if len(ids) == 0 {
		return
	}
	w.b.WriteString("  {rank=same;")
	for _, id := range ids {
		w.b.WriteByte(' ')
		w.b.WriteString(id)
		w.b.WriteByte(';')
	}
	if len(ids) > 1 {
		w.b.WriteByte(' ')
		w.b.WriteString(strings.Join(ids, " -> "))
		w.b.WriteString(" [style=invis];")
	}
	w.b.WriteString("}\n")
}

// bytes closes the graph and returns its text.
func (w *writer) bytes() []byte {
	w.b.WriteString("}\n")
	return w.b.Bytes()
}

func (w *writer) attrList(attrs []attr) {
	if len(attrs) == 0 {
		return
	}
	w.b.WriteString(" [")
	for i, at := range attrs {
		if i > 0 {
			w.b.WriteString(", ")
		}
		w.writeAttr(at)
	}
	w.b.WriteByte(']')
}

func (w *writer) writeAttr(at attr) {
	w.b.WriteString(at.key)
	w.b.WriteByte('=')
	switch {
	case at.raw:
		w.b.WriteString(at.value)
	case at.escaped:
		w.b.WriteByte('"')
		w.b.WriteString(at.value)
		w.b.WriteByte('"')
	default:
		w.b.WriteString(quote(at.value))
	}
}

// quote returns s as a DOT double-quoted string for a value that is not
// a label (a name, a colour): the text is made printable by escapeText.
func quote(s string) string {
	return `"` + escapeText(s) + `"`
}

// escapeText makes design text safe inside a DOT double-quoted string
// that Graphviz may also read as a label. Inside quotes DOT itself only
// defines \" , but Graphviz then reads backslash sequences in labels (\n,
// \l, \N, \G, ...), so a backslash is doubled and a quote escaped; a
// newline, carriage return or tab becomes a space (our labels break lines
// themselves); other control characters and invalid UTF-8, which Graphviz
// rejects, become U+FFFD. Non-ASCII stays UTF-8 (DOT's default charset).
func escapeText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\\':
				b.WriteString(`\\`)
			case c == '"':
				b.WriteString(`\"`)
			case c == '\n' || c == '\r' || c == '\t':
				b.WriteByte(' ')
			case c < 0x20 || c == 0x7f:
				b.WriteString("\uFFFD")
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
