package topoxml

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// NCCL's parser limits (nccl-topo-xml.md §8, NCCL 2.30.7 src/graph/xml.h).
const (
	// MaxValueLen is the longest name or value NCCL accepts: its buffers
	// hold 255 bytes and a value of 254 characters is already fatal.
	MaxValueLen = 253
	// MaxAttrs is the number of attributes NCCL keeps per element; it
	// drops the rest.
	MaxAttrs = 16
	// MaxNodes is the size of NCCL's XML node buffer since 2.21 (1024
	// before): a file of MaxNodes elements already fails to load.
	MaxNodes = 256
	// MaxChildrenOld is the children per element NCCL ≤ 2.20 holds without
	// bounds checking (memory corruption beyond it).
	MaxChildrenOld = 32
	// Budget is the element count topoc keeps its own files under: NCCL's
	// detection and intra-node fusion add nodes to the same 256-node
	// buffer, and nccl-topo-xml.md §11 advises "<~150".
	Budget = 150
	// MaxDepth is how deep topoc reads elements, the top level being depth
	// 1. NCCL's parser has no depth limit (it recurses; nccl-topo-xml.md
	// §8), but its trees are shallow: system/cpu/pci.../pci/gpu|nic/net,
	// a dozen levels behind the deepest PCIe switch cascade. Elements NCCL
	// skips are not counted against MaxNodes, so only this cap bounds the
	// parser's recursion on a file of nothing but nested tags. 64 is a
	// modelling assumption, generous for any real host.
	MaxDepth = 64
)

// children lists the elements NCCL loads under each element (its
// xmlHandler tables in src/graph/xml.cc; nccl-topo-xml.md §3); "" is the
// top level. Anything else is skipped with its subtree.
var children = map[string][]string{
	"":       {"system"},
	"system": {"cpu"},
	"cpu":    {"pci", "nic"},
	"pci":    {"pci", "gpu", "nic", "pcilink"},
	"gpu":    {"nvlink", "c2c"},
	"nic":    {"net"},
}

// Document is a parsed topology file.
type Document struct {
	// Roots are the top-level elements in file order (ignored ones too).
	Roots []*Element
	// Loaded counts the elements NCCL loads into its node buffer.
	Loaded int
}

// System returns the first loaded <system> root, which is the one NCCL
// builds its topology from, or nil.
func (d *Document) System() *Element {
	for _, r := range d.Roots {
		if !r.Ignored && r.Name == "system" {
			return r
		}
	}
	return nil
}

// errStop ends parsing at a fatal error (already reported).
type errStop struct{}

func (errStop) Error() string { return "parse stopped" }

// parser reads a file byte by byte the way NCCL 2.30's hand-written parser
// does (xmlGetChar, xmlGetToken, xmlGetValue, xmlGetNode, xmlLoadSub), so
// that what it accepts, rejects and ignores is what NCCL does; it adds
// source positions and reports the quirks NCCL tolerates silently.
type parser struct {
	file      string
	src       []byte
	off       int
	line, col int
	diags     hcl.Diagnostics
	loaded    int
}

// Parse reads an NCCL topology file. The diagnostics hold every fatal
// parse error NCCL would stop at (code nccl-syntax or nccl-limit; the
// document then holds what was read before it) and the lexical quirks it
// accepts (nccl-lexical). doc is never nil.
func Parse(filename string, src []byte) (*Document, hcl.Diagnostics) {
	p := &parser{file: filename, src: src, line: 1, col: 1}
	doc := &Document{}
	root := &Element{}
	_ = p.loadSub(root, true, children[""], false, 0)
	doc.Roots = root.Children
	doc.Loaded = p.loaded
	return doc, p.diags
}

func (p *parser) pos() hcl.Pos { return hcl.Pos{Line: p.line, Column: p.col, Byte: p.off} }

func (p *parser) rng(start hcl.Pos) hcl.Range {
	end := p.pos()
	if end.Byte == start.Byte {
		end.Column++
		end.Byte++
	}
	return hcl.Range{Filename: p.file, Start: start, End: end}
}

func (p *parser) report(sev diag.Severity, code diag.Code, rng hcl.Range, summary, detail string) {
	p.diags = append(p.diags, diag.New(sev, code, rng, summary, detail))
}

// fatal reports an error that stops NCCL's parser (NCCL returns
// ncclInternalError and uses no topology file at all).
func (p *parser) fatal(start hcl.Pos, nccl, detail string) error {
	p.report(diag.SevError, diag.NCCLSyntax, p.rng(start), nccl,
		detail+" NCCL stops at this error (\""+nccl+"\") and the run fails.")
	return errStop{}
}

func (p *parser) eof() bool { return p.off >= len(p.src) }

// getc returns the next byte, or reports NCCL's "Unexpected EOF".
func (p *parser) getc() (byte, error) {
	if p.eof() {
		return 0, p.fatal(p.pos(), "XML Parse : Unexpected EOF", "The file ends inside a tag or value.")
	}
	c := p.src[p.off]
	p.off++
	if c == '\n' {
		p.line, p.col = p.line+1, 1
	} else if c < 0x80 || c >= 0xc0 {
		p.col++
	}
	return c, nil
}

// token reads a name up to ' ', '>', '/', '\n' or '\r' (returned as last).
// An '=' reads a value when allowValue is set, and is fatal otherwise.
func (p *parser) token(allowValue bool) (name, value string, last byte, quoted bool, err error) {
	start := p.pos()
	var buf []byte
	for {
		c, err := p.getc()
		if err != nil {
			return "", "", 0, false, err
		}
		switch c {
		case '=':
			if !allowValue {
				return "", "", 0, false, p.fatal(start, "XML Parse : Unexpected value with name "+string(buf),
					fmt.Sprintf("An attribute %q where none may be (in a tag name, a closing tag or a comment opener such as \"<!--a=b\"; write \"<!-- a=b -->\").", string(buf)))
			}
			v, l, q, err := p.value()
			return string(buf), v, l, q, err
		case ' ', '>', '/', '\n', '\r':
			return string(buf), "", c, false, nil
		}
		buf = append(buf, c)
		if len(buf) > MaxValueLen {
			p.report(diag.SevError, diag.NCCLLimit, p.rng(start), "Error : name too long",
				fmt.Sprintf("A name longer than %d characters; NCCL stops with \"Error : name %%s too long\".", MaxValueLen))
			return "", "", 0, false, errStop{}
		}
	}
}

// value reads a quoted value and the byte after it. NCCL 2.28+ accepts a
// single quote and ends the value at the matching quote; older versions
// accepted the single quote but ended only at '"'.
func (p *parser) value() (string, byte, bool, error) {
	start := p.pos()
	q, err := p.getc()
	if err != nil {
		return "", 0, false, err
	}
	if q != '"' && q != '\'' {
		return "", 0, false, p.fatal(start, "XML Parse : Expected (double) quote.",
			"Attribute values must be quoted, with no space around '='; write key=\"value\".")
	}
	if q == '\'' {
		p.report(diag.SevWarning, diag.NCCLLexical, p.rng(start), "Single-quoted value",
			"NCCL accepts single quotes only since 2.28; older versions read on to the next '\"' and misparse the file. Use double quotes.")
	}
	var buf []byte
	for {
		c, err := p.getc()
		if err != nil {
			return "", 0, false, err
		}
		if c == q {
			break
		}
		buf = append(buf, c)
		if len(buf) > MaxValueLen {
			p.report(diag.SevError, diag.NCCLLimit, p.rng(start), "Error : value too long",
				fmt.Sprintf("A value longer than %d characters; NCCL stops with \"Error : value %%s too long (max 255)\". For an affinity, drop leading all-zero words.", MaxValueLen))
			return "", 0, false, errStop{}
		}
	}
	last, err := p.getc()
	return string(buf), last, true, err
}

// nodeKind is what xmlGetNode read.
type nodeKind int

const (
	nodeNone nodeKind = iota // end of input
	nodeOpen
	nodeSingle
	nodeClose
)

// node reads the next element tag, skipping whitespace and comments.
func (p *parser) node() (*Element, nodeKind, error) {
	for {
		// Only space, LF and CR separate elements; a TAB is fatal.
		for !p.eof() && (p.src[p.off] == ' ' || p.src[p.off] == '\n' || p.src[p.off] == '\r') {
			_, _ = p.getc()
		}
		if p.eof() {
			return nil, nodeNone, nil
		}
		start := p.pos()
		c, _ := p.getc()
		if c != '<' {
			what := fmt.Sprintf("%q", c)
			detail := "Only elements and comments may appear between tags: no text content."
			switch {
			case c == '\t':
				detail = "A TAB between elements; NCCL skips only spaces and line breaks. Indent with spaces."
			case c == 0xef && p.off == 1:
				detail = "The file starts with a UTF-8 byte-order mark; save it without one."
			}
			return nil, nodeNone, p.fatal(start, "XML Parse error : expecting '<', got "+what, detail)
		}
		name, _, last, _, err := p.token(false)
		if err != nil {
			return nil, nodeNone, err
		}
		if len(name) >= 3 && name[:3] == "!--" {
			// NCCL scans for "--" followed by '>'.
			var c2 [2]byte = [2]byte{' ', ' '}
			c := last
			for c2[0] != '-' || c2[1] != '-' || c != '>' {
				c2[0], c2[1] = c2[1], c
				if p.eof() {
					return nil, nodeNone, p.fatal(start, "XML Parse error : unterminated comment", "A comment has no closing \"-->\".")
				}
				c, _ = p.getc()
			}
			continue
		}
		if name == "" && last == '/' {
			name, _, last, _, err = p.token(false)
			if err != nil {
				return nil, nodeNone, err
			}
			if last != '>' {
				return nil, nodeNone, p.fatal(start, fmt.Sprintf("XML Parse error : unexpected trailing %q in closing tag %s", last, name),
					"A closing tag is exactly </name>, with no space before '>'.")
			}
			return &Element{Name: name, Range: p.rng(start)}, nodeClose, nil
		}
		e := &Element{Name: name}
		kept := 0
		for last == ' ' {
			astart := p.pos()
			key, val, l, quoted, err := p.token(true)
			if err != nil {
				return nil, nodeNone, err
			}
			last = l
			if key == "" && !quoted {
				msg := "Two spaces between attributes make NCCL add an empty attribute, which counts toward its 16-attribute limit. Use one space."
				if last == '/' {
					msg = "A space before \"/>\" makes NCCL add an empty attribute, which counts toward its 16-attribute limit. Write <name .../> with no space."
				}
				p.report(diag.SevWarning, diag.NCCLLexical, p.rng(astart), "Empty attribute", msg)
			}
			if kept == MaxAttrs {
				p.report(diag.SevWarning, diag.NCCLLimit, p.rng(astart), "XML Parse : Ignoring extra attributes (max 16)",
					fmt.Sprintf("NCCL keeps the first %d attributes of an element and drops %q.", MaxAttrs, key))
				continue
			}
			kept++
			e.Attrs = append(e.Attrs, Attr{Key: key, Value: val, Range: p.rng(astart)})
		}
		kind := nodeOpen
		if last == '/' {
			kind = nodeSingle
			if _, _, last, _, err = p.token(false); err != nil {
				return nil, nodeNone, err
			}
		}
		if last != '>' {
			what := fmt.Sprintf("%q", last)
			detail := "A start tag must end with '>' or \"/>\"."
			if last == '\n' || last == '\r' {
				detail = "A start tag continues on the next line; NCCL needs the whole start tag on one line."
			}
			if len(name) > 0 && name[0] == '?' {
				detail = "An XML declaration (<?xml ...?>): NCCL's parser does not know it. Remove it."
			}
			return nil, nodeNone, p.fatal(start, "XML Parse : expected >, got "+what, detail)
		}
		e.Range = p.rng(start)
		return e, kind, nil
	}
}

// loadSub reads the children of head until its closing tag (or EOF at the
// top level), as NCCL's xmlLoadSub does: elements named in known are
// loaded (and counted against the node buffer), others are skipped with
// their subtree. ignored is set inside a skipped subtree, whose elements
// are marked as they are read (marking each subtree again on the way up
// made deep files quadratic). depth is head's depth, 0 for the top level;
// an element deeper than MaxDepth stops the parse.
func (p *parser) loadSub(head *Element, top bool, known []string, ignored bool, depth int) error {
	for {
		if p.loaded == MaxNodes {
			p.report(diag.SevError, diag.NCCLLimit, p.rng(p.pos()), "Error : XML parser is limited to 256 nodes",
				fmt.Sprintf("The file has more elements than NCCL 2.21+ loads (%d, counting the closing of the last parent); NCCL stops. Keep files under about %d elements: detection adds nodes to the same buffer.", MaxNodes, Budget))
			return errStop{}
		}
		e, kind, err := p.node()
		if err != nil {
			return err
		}
		switch {
		case kind == nodeNone && top:
			return nil
		case kind == nodeNone:
			return p.fatal(p.pos(), "XML Parse : unterminated "+head.Name, fmt.Sprintf("<%s> at line %d has no closing tag.", head.Name, head.Range.Start.Line))
		case kind == nodeClose && top:
			return p.fatal(e.Range.Start, "XML Mismatch : / "+e.Name, "A closing tag with no open element.")
		case kind == nodeClose:
			if e.Name != head.Name {
				return p.fatal(e.Range.Start, fmt.Sprintf("XML Mismatch : %s / %s", head.Name, e.Name),
					fmt.Sprintf("</%s> closes <%s> (line %d).", e.Name, head.Name, head.Range.Start.Line))
			}
			return nil
		}
		if depth+1 > MaxDepth {
			p.report(diag.SevError, diag.NCCLLimit, e.Range, fmt.Sprintf("Elements nested more than %d deep", MaxDepth),
				fmt.Sprintf("<%s> is at depth %d; topoc reads topology trees at most %d elements deep (NCCL's own are about a dozen: system, cpu, a few pci switches, gpu or nic, net) and stops here. Check the file for unclosed tags, or close the elements that should be siblings.", e.Name, depth+1, MaxDepth))
			return errStop{}
		}
		head.Children = append(head.Children, e)
		isKnown := !ignored && contains(known, e.Name)
		if isKnown {
			p.loaded++
		} else {
			e.Ignored = true
		}
		if kind == nodeSingle {
			continue
		}
		sub := children[e.Name]
		if !isKnown {
			sub = nil
		}
		if err := p.loadSub(e, false, sub, !isKnown, depth+1); err != nil {
			return err
		}
	}
}
