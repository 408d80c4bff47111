package eval

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// MaxNesting caps bracket nesting in a design file. HCL's parser recurses
// once per level and overflows the stack at tens of thousands; no design
// needs more than a few dozen. A modelling assumption.
const MaxNesting = 256

// MaxOperators caps the operator characters (+ - * / % ! ? : < > = & |)
// of one expression. HCL parses a chain such as 1+1+…+1 or - - … -1
// into a tree as deep as the chain is long and evaluates it recursively:
// a million operators (a 2 MB file) overflow Go's 1 GB stack, which is a
// fatal error, not a panic, and 300,000 chained conditionals take half a
// minute. Design expressions hold a few dozen; the cap leaves room for
// strings and comments, which are counted too. A modelling assumption.
const MaxOperators = 4096

// Screen refuses inputs that HCL should not see: binary files (a NUL byte
// or invalid UTF-8, whose bytes would be echoed in snippets), brackets
// nested past MaxNesting, and expressions of more than MaxOperators
// operators. Strings and comments are not skipped: a conservative count.
//
// Operators are counted per item: a comma ends an item inside any
// bracket, and a newline ends one at the top level or directly inside
// braces (block bodies, objects), where HCL ends an attribute at the end
// of a line; inside ( and [ an expression continues over lines. A closed
// bracket adds its last item's count to the item around it, so the count
// bounds the depth of every expression tree.
func Screen(name string, src []byte) *hcl.Diagnostic {
	if bad := firstBinaryByte(src); bad >= 0 {
		line := 1 + bytes.Count(src[:bad], []byte{'\n'})
		col := 1 + utf8.RuneCount(src[bytes.LastIndexByte(src[:bad], '\n')+1:bad])
		pos := hcl.Pos{Line: line, Column: col, Byte: bad}
		return diag.Error(diag.HCLSyntax, hcl.Range{Filename: name, Start: pos, End: hcl.Pos{Line: line, Column: col + 1, Byte: bad + 1}}, "Not a text file",
			fmt.Sprintf("%s is not UTF-8 text: byte %d (line %d) is a NUL or not UTF-8. Design files are HCL source.", name, bad, line))
	}
	if i := bareCR(src); i >= 0 {
		line := 1 + bytes.Count(src[:i], []byte{'\n'})
		pos := hcl.Pos{Line: line, Column: 1 + utf8.RuneCount(src[bytes.LastIndexByte(src[:i], '\n')+1:i]), Byte: i}
		return diag.Error(diag.HCLSyntax, hcl.Range{Filename: name, Start: pos, End: pos}, "Bare carriage return",
			fmt.Sprintf("Line %d of %s ends with a carriage return (CR) alone, as classic Mac OS files do; HCL ends lines with LF or CRLF, and would report every line as an invalid character. Save the file with LF line endings.", line, name))
	}
	line, col := 1, 0
	at := func(i int) hcl.Range {
		pos := hcl.Pos{Line: line, Column: col, Byte: i}
		return hcl.Range{Filename: name, Start: pos, End: pos}
	}
	open := []byte{0} // bracket of each level; 0 for the top level
	ops := []int{0}   // operators of the current item at each level
	for i, c := range src {
		col++
		top := len(open) - 1
		switch c {
		case '\n':
			line, col = line+1, 0
			if open[top] == 0 || open[top] == '{' {
				ops[top] = 0
			}
		case ',':
			ops[top] = 0
		case '(', '[', '{':
			if len(open) > MaxNesting {
				return diag.Error(diag.HCLSyntax, at(i), "Nesting too deep",
					fmt.Sprintf("Brackets and blocks nest more than %d levels here; simplify the expression or flatten the blocks.", MaxNesting))
			}
			open, ops = append(open, c), append(ops, 0)
		case ')', ']', '}':
			if top > 0 {
				inner := ops[top]
				open, ops = open[:top], ops[:top]
				// Checked here too: a chain of splats x[*][*]… puts each
				// operator in a bracket of its own, and HCL's traversal
				// parser recurses once per splat.
				if ops[top-1] += inner; ops[top-1] > MaxOperators {
					return tooLong(at(i))
				}
			}
		case '+', '-', '*', '/', '%', '!', '?', ':', '<', '>', '=', '&', '|':
			ops[top]++
			if ops[top] > MaxOperators {
				return tooLong(at(i))
			}
		}
	}
	return nil
}

// tooLong is Screen's diagnostic for an expression of more than
// MaxOperators operators, at rng.
func tooLong(rng hcl.Range) *hcl.Diagnostic {
	return diag.Error(diag.HCLSyntax, rng, "Expression too long",
		fmt.Sprintf("One expression here holds more than %d operators (splats [*] count too); split it into locals, or generate the values with a for expression or count.", MaxOperators))
}

// firstBinaryByte returns the offset of the first NUL byte or invalid
// UTF-8 sequence of src, or -1 when src is text.
func firstBinaryByte(src []byte) int {
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == 0 || (r == utf8.RuneError && n == 1) {
			return i
		}
		i += n
	}
	return -1
}

// bareCR returns the offset of the first carriage return of src that is
// not part of a CRLF line end, or -1.
func bareCR(src []byte) int {
	for i := bytes.IndexByte(src, '\r'); i >= 0; {
		if i+1 >= len(src) || src[i+1] != '\n' {
			return i
		}
		j := bytes.IndexByte(src[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return -1
}
