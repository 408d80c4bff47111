package topoxml

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
)

// Element is one element of an NCCL topology file. The parser fills the
// positions; the writer ignores them.
type Element struct {
	Name     string
	Attrs    []Attr
	Children []*Element
	// Ignored marks an element NCCL skips with its subtree ("Ignoring
	// element <name>"): an unknown name, or a known one in the wrong place.
	Ignored bool
	// Comment, when set, is written as an XML comment after the start tag
	// on the same line (the writer's only use of comments).
	Comment string
	// Range covers the start tag.
	Range hcl.Range
}

// Attr is one attribute, in file order.
type Attr struct {
	Key, Value string
	// Range covers key="value" (parser only).
	Range hcl.Range
}

// Get returns the value of attribute key and whether it is present. Like
// NCCL (xmlGetAttrIndex), it takes the first attribute of that name.
func (e *Element) Get(key string) (string, bool) {
	for _, a := range e.Attrs {
		if a.Key == key {
			return a.Value, true
		}
	}
	return "", false
}

// Set sets attribute key, replacing its first occurrence or appending it.
func (e *Element) Set(key, value string) {
	for i := range e.Attrs {
		if e.Attrs[i].Key == key {
			e.Attrs[i].Value = value
			return
		}
	}
	e.Attrs = append(e.Attrs, Attr{Key: key, Value: value})
}

// AttrRange returns the range of attribute key, or the tag's range.
func (e *Element) AttrRange(key string) hcl.Range {
	for _, a := range e.Attrs {
		if a.Key == key {
			return a.Range
		}
	}
	return e.Range
}

// Add appends a child element and returns it.
func (e *Element) Add(name string, attrs ...string) *Element {
	c := &Element{Name: name}
	for i := 0; i+1 < len(attrs); i += 2 {
		c.Attrs = append(c.Attrs, Attr{Key: attrs[i], Value: attrs[i+1]})
	}
	e.Children = append(e.Children, c)
	return c
}

// Walk calls f for e and every element below it that NCCL loads, parents
// first, with the element's depth (0 for e).
func (e *Element) Walk(f func(el, parent *Element, depth int)) {
	var rec func(el, parent *Element, depth int)
	rec = func(el, parent *Element, depth int) {
		if el.Ignored {
			return
		}
		f(el, parent, depth)
		for _, c := range el.Children {
			rec(c, el, depth+1)
		}
	}
	rec(e, nil, 0)
}

// Count returns the number of elements of e's tree that NCCL loads
// (ignored subtrees excluded), e included.
func (e *Element) Count() int {
	n := 0
	e.Walk(func(*Element, *Element, int) { n++ })
	return n
}

// Write renders a topology tree in NCCL's strict lexical subset
// (nccl-topo-xml.md §2 and §11): no prolog, no BOM, no tabs, one element
// per line with its whole start tag on that line, two spaces of indentation
// per level (as NCCL's own dump), attributes in order separated by single
// spaces and quoted with double quotes, childless elements closed with
// "/>", LF line endings. header lines, if any, become one comment before the
// root; comments never contain "--" (which XML forbids), and Write replaces
// any "--" in them with "- -".
func Write(root *Element, header []string) []byte {
	var b strings.Builder
	if len(header) > 0 {
		b.WriteString("<!--\n")
		for _, l := range header {
			b.WriteString(strings.TrimRight(safeComment(l), " "))
			b.WriteByte('\n')
		}
		b.WriteString("-->\n")
	}
	var rec func(e *Element, depth int)
	rec = func(e *Element, depth int) {
		b.WriteString(strings.Repeat("  ", depth))
		b.WriteByte('<')
		b.WriteString(e.Name)
		for _, a := range e.Attrs {
			b.WriteByte(' ')
			b.WriteString(a.Key)
			b.WriteString(`="`)
			b.WriteString(a.Value)
			b.WriteByte('"')
		}
		if len(e.Children) == 0 {
			b.WriteString("/>")
		} else {
			b.WriteByte('>')
		}
		if e.Comment != "" {
			b.WriteString(" <!-- ")
			b.WriteString(safeComment(e.Comment))
			b.WriteString(" -->")
		}
		b.WriteByte('\n')
		if len(e.Children) == 0 {
			return
		}
		for _, c := range e.Children {
			rec(c, depth+1)
		}
		b.WriteString(strings.Repeat("  ", depth))
		b.WriteString("</")
		b.WriteString(e.Name)
		b.WriteString(">\n")
	}
	rec(root, 0)
	return []byte(b.String())
}

// safeComment keeps comment text legal in XML and in NCCL's parser: no
// "--", no tabs, no line breaks.
func safeComment(s string) string {
	s = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "- -")
	}
	return s
}
