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
	if i, d := hugeLiteral(src); i >= 0 {
		line := 1 + bytes.Count(src[:i], []byte{'\n'})
		pos := hcl.Pos{Line: line, Column: 1 + utf8.RuneCount(src[bytes.LastIndexByte(src[:i], '\n')+1:i]), Byte: i}
		return diag.Error(diag.HCLSyntax, hcl.Range{Filename: name, Start: pos, End: pos}, "Number too large", d)
	}
	line, col := 1, 0
	at := func(i int) hcl.Range {
		pos := hcl.Pos{Line: line, Column: col, Byte: i}
		return hcl.Range{Filename: name, Start: pos, End: pos}
	}
	if n := CountTokens(src); n > MaxTokens {
		return diag.Error(diag.FileTooLarge, hcl.Range{Filename: name, Start: hcl.InitialPos, End: hcl.InitialPos}, "Too many tokens",
			fmt.Sprintf("%s holds about %d tokens, more than the %d a design file may: HCL's parser takes about 325 bytes of memory per token (a 4 MB file of \"0,\" needed 1.4 GB). Split generated values into several files, or describe them with count or a family block.", name, n, MaxTokens))
	}
	open := []byte{0} // bracket of each level; 0 for the top level
	ops := []int{0}   // operators of the current item at each level
	items := []int{0} // commas at each level: the elements of a literal list
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
			if items[top]++; items[top] >= MaxTupleElements {
				return diag.Error(diag.HCLSyntax, at(i), "List too long",
					fmt.Sprintf("A list or object here has more than %d elements; go-cty converts a long tuple to a list in time quadratic in its length. Split it, or generate it with for and range.", MaxTupleElements))
			}
		case '(', '[', '{':
			if len(open) > MaxNesting {
				return diag.Error(diag.HCLSyntax, at(i), "Nesting too deep",
					fmt.Sprintf("Brackets and blocks nest more than %d levels here; simplify the expression or flatten the blocks.", MaxNesting))
			}
			open, ops, items = append(open, c), append(ops, 0), append(items, 0)
		case ')', ']', '}':
			if top > 0 {
				inner := ops[top]
				open, ops, items = open[:top], ops[:top], items[:top]
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

// MaxLiteralDigits caps a run of digits, and a literal's decimal
// exponent, in a design file: 400, past float64's 1.8e308 (a number of a
// design never exceeds it, MaxMagnitude). go-cty keeps such numbers
// exactly, and writing 1e100000000 as text took minutes. Strings are
// not skipped: a conservative count.
const MaxLiteralDigits = 400

// hugeLiteral returns the offset of the first run of more than
// MaxLiteralDigits digits, or of an exponent (e400, E+401) above it
// after a digit, with a message; -1 when there is none.
func hugeLiteral(src []byte) (int, string) {
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c < '0' || c > '9' {
			continue
		}
		j := i
		for j < len(src) && src[j] >= '0' && src[j] <= '9' {
			j++
		}
		if j-i > MaxLiteralDigits {
			return i, fmt.Sprintf("A run of %d digits; numbers in a design stay within ±1.8e308 (%d digits at most). Write a smaller number.", j-i, MaxLiteralDigits)
		}
		if j+1 < len(src) && (src[j] == 'e' || src[j] == 'E') {
			k := j + 1
			if src[k] == '+' || src[k] == '-' {
				k++
			}
			e := 0
			for ; k < len(src) && src[k] >= '0' && src[k] <= '9'; k++ {
				if e = e*10 + int(src[k]-'0'); e > MaxLiteralDigits {
					return i, fmt.Sprintf("The exponent is above %d; numbers in a design stay within ±1.8e308. Write a smaller number.", MaxLiteralDigits)
				}
			}
		}
		i = j
	}
	return -1, ""
}

// MaxTokens caps the tokens of one design file (and, in lang.Load, of
// all its files together): 1,048,576, about 325 MiB of parser memory.
// The shipped examples hold a few thousand. A modelling assumption.
const MaxTokens = 1 << 20

// CountTokens estimates the tokens HCL's scanner makes of src, from
// above: every run of letters, digits, '_', '.' and '-' counts one, and
// every other character that is not white space one more. Strings and
// comments are counted word by word (HCL makes one token of a string's
// text), so the estimate only errs high.
func CountTokens(src []byte) int {
	n, inWord := 0, false
	for _, c := range src {
		word := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-' || c >= 0x80
		switch {
		case word && !inWord:
			n++
		case !word && c != ' ' && c != '\t' && c != '\n' && c != '\r':
			n++
		}
		inWord = word
	}
	return n
}
