package ncclenv

import (
	"slices"
	"strings"
)

// A shell script that sets NCCL's variables is read here as bash reads
// the few forms such scripts use (bash(1), "SHELL GRAMMAR", "QUOTING",
// the export, declare, set and unset builtins): words split at unquoted
// blanks, quotes removed, commands split at ";", "&&", "||" and "|", a
// comment from an unquoted "#" that starts a word. mvdan.cc/sh/v3's
// syntax package parses bash fully (served by the module proxy, not yet
// a dependency) and should replace shellCommands: this reader was
// written before that was checked, and it reads one line at a time,
// which a one-line if/then/fi or a function body defeats. topoc needs
// only what a line sets and whether it is exported, and says so where a
// value depends on the run (an expansion).

// shellWord is one word of a command: its text with quotes and escapes
// removed; eq is the index in text of the "=" of an assignment
// (NAME=value, the name unquoted and valid), -1 when the word is none;
// expands is set when the word holds an unquoted or double-quoted "$" or
// a backquote, whose value only the running shell knows.
type shellWord struct {
	text    string
	eq      int
	expands bool
	// appends is set on NAME+=value: the value is added to NAME's (eq
	// is then the index of the "+").
	appends bool
}

// name and value split an assignment word.
func (w shellWord) name() string { return w.text[:w.eq] }
func (w shellWord) value() string {
	if w.appends {
		return w.text[w.eq+2:]
	}
	return w.text[w.eq+1:]
}

// shellCommands splits one line into commands of words. A "$NAME" or
// "${NAME}" whose value vars knows (a variable the file set before) is
// replaced by it; any other expansion marks its word. ok is false for a
// line whose quote is not closed on it (a value that runs over lines),
// which is left unread.
func shellCommands(line string, vars func(string) (string, bool)) (cmds [][]shellWord, ok bool) {
	var cur []shellWord
	var b strings.Builder
	inWord, quoted, expands, eq, appends := false, false, false, -1, false
	endWord := func() {
		if inWord {
			cur = append(cur, shellWord{text: b.String(), eq: eq, expands: expands, appends: appends})
		}
		b.Reset()
		inWord, quoted, expands, eq, appends = false, false, false, -1, false
	}
	// expand writes the value of "$NAME" or "${NAME}" at line[i:] where
	// vars knows NAME, and returns the bytes it read (0: not such a
	// reference, or an unknown name, which only the running shell knows).
	expand := func(i int) int {
		j, braced := i+1, false
		if j < len(line) && line[j] == '{' {
			j, braced = j+1, true
		}
		k := j
		for k < len(line) && (line[k] == '_' || line[k] >= 'a' && line[k] <= 'z' || line[k] >= 'A' && line[k] <= 'Z' || k > j && line[k] >= '0' && line[k] <= '9') {
			k++
		}
		if k == j || braced && (k >= len(line) || line[k] != '}') {
			return 0
		}
		if vars == nil {
			return 0
		}
		v, known := vars(line[j:k])
		if !known {
			return 0
		}
		b.WriteString(v)
		if braced {
			k++
		}
		return k - i
	}
	endCmd := func() {
		endWord()
		if len(cur) > 0 {
			cmds = append(cmds, cur)
		}
		cur = nil
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			endWord()
		case c == '#' && !inWord:
			endCmd()
			return cmds, true
		case c == ';' || c == '|' || c == '&':
			endCmd()
			if i+1 < len(line) && (line[i+1] == '&' || line[i+1] == '|') {
				i++
			}
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, false
			}
			b.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord, quoted = true, true
		case c == '$' && i+1 < len(line) && line[i+1] == '\'':
			// $'…': ANSI-C quoting, a literal with backslash escapes.
			end := strings.IndexByte(line[i+2:], '\'')
			if end < 0 {
				return nil, false
			}
			b.WriteString(strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t", `\r`, "\r").Replace(line[i+2 : i+2+end]))
			i += end + 2
			inWord, quoted = true, true
		case c == '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				switch {
				case line[j] == '\\' && j+1 < len(line) && strings.IndexByte("\"\\$`", line[j+1]) >= 0:
					j++
					b.WriteByte(line[j])
					continue
				case line[j] == '$':
					if n := expand(j); n > 0 {
						j += n - 1
						continue
					}
					expands = true
				case line[j] == '`':
					expands = true
				}
				b.WriteByte(line[j])
			}
			if j >= len(line) {
				return nil, false
			}
			i = j
			inWord, quoted = true, true
		case c == '\\' && i+1 < len(line):
			i++
			b.WriteByte(line[i])
			inWord, quoted = true, true
		default:
			if c == '$' {
				if n := expand(i); n > 0 {
					i += n - 1
					inWord = true
					continue
				}
			}
			if c == '$' || c == '`' {
				expands = true
			}
			if c == '=' && eq < 0 && !quoted {
				if name := b.String(); validName(name) {
					eq = b.Len()
				} else if n, ok := strings.CutSuffix(name, "+"); ok && validName(n) {
					eq, appends = len(n), true
				}
			}
			b.WriteByte(c)
			inWord = true
		}
	}
	endCmd()
	return cmds, true
}

// validName reports whether s is a shell variable name:
// [A-Za-z_][A-Za-z0-9_]*.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !(r >= 'a' && r <= 'z') && !(r >= 'A' && r <= 'Z') && !(i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// shellAction is what one command of a line does to the environment:
// sets or unsets a variable, exports a name, or turns automatic export
// (set -a, set -o allexport) on or off.
type shellAction struct {
	kind     actionKind
	name     string
	value    string
	exported bool // set: exported whatever set -a says
	expands  bool // set: the value is known only when the script runs
	appends  bool // set: NAME+=value
	// command is set on an assignment that prefixes a command: that
	// command's environment, not the shell's.
	command bool
}

type actionKind int

const (
	actSet actionKind = iota
	actExport
	actUnexport
	actUnset
	actAllExport
	actNoAllExport
)

// shellActions returns what the commands of a line do, in order: plain
// assignments (exported if set -a is on), assignments a command's
// prefix makes (exported to that command: "NCCL_X=1 ./train", "env
// NCCL_X=1 ./train"), export, declare -x and typeset -x with and without
// values, unset, and set's -a / +a / -o allexport / +o allexport among
// other flags. Anything else sets nothing.
func shellActions(cmds [][]shellWord) []shellAction {
	var out []shellAction
	set := func(w shellWord, exported bool) {
		out = append(out, shellAction{kind: actSet, name: w.name(), value: w.value(), exported: exported, expands: w.expands, appends: w.appends})
	}
	for _, words := range cmds {
		i := 0
		for i < len(words) && words[i].eq > 0 {
			i++
		}
		if i == len(words) { // assignments alone: shell variables
			for _, w := range words {
				set(w, false)
			}
			continue
		}
		prefix := words[:i]
		cmd, args := words[i].text, words[i+1:]
		switch cmd {
		case "export", "declare", "typeset", "local", "readonly":
			exporting, unexporting := cmd == "export", false
			var names []shellWord
			for _, a := range args {
				if (strings.HasPrefix(a.text, "-") || strings.HasPrefix(a.text, "+")) && a.eq < 0 {
					switch {
					case cmd == "export" && strings.Contains(a.text, "n"): // export -n
						exporting, unexporting = false, true
					case cmd != "export" && a.text[0] == '-' && strings.Contains(a.text, "x"):
						exporting = true
					case cmd != "export" && a.text[0] == '+' && strings.Contains(a.text, "x"): // declare +x
						unexporting = true
					}
					continue
				}
				names = append(names, a)
			}
			for _, a := range names {
				switch {
				case a.eq > 0:
					set(a, exporting)
					if unexporting {
						out = append(out, shellAction{kind: actUnexport, name: a.name()})
					}
				case unexporting && validName(a.text):
					out = append(out, shellAction{kind: actUnexport, name: a.text})
				case exporting && validName(a.text):
					out = append(out, shellAction{kind: actExport, name: a.text})
				}
			}
		case "unset":
			for _, a := range args {
				if a.text == "-f" {
					break // unset -f removes functions, not variables
				}
				if !strings.HasPrefix(a.text, "-") {
					out = append(out, shellAction{kind: actUnset, name: a.text})
				}
			}
		case "set":
			for j := 0; j < len(args); j++ {
				a := args[j].text
				if a == "--" || a == "-" {
					break // the script's arguments follow, not options
				}
				switch {
				case (a == "-o" || a == "+o") && j+1 < len(args):
					j++
					if args[j].text == "allexport" {
						out = append(out, shellAction{kind: map[bool]actionKind{true: actAllExport, false: actNoAllExport}[a == "-o"]})
					}
				case len(a) > 1 && a[0] == '-' && a != "--" && strings.Contains(a, "a"):
					out = append(out, shellAction{kind: actAllExport})
				case len(a) > 1 && a[0] == '+' && strings.Contains(a, "a"):
					out = append(out, shellAction{kind: actNoAllExport})
				}
			}
		case "env":
			// env NAME=value ... command: the command's environment.
			for _, a := range args {
				if a.eq <= 0 {
					break
				}
				out = append(out, shellAction{kind: actSet, name: a.name(), value: a.value(), exported: true, expands: a.expands, command: true})
			}
		case "exec":
			// exec [env NAME=value ...] command: as without exec.
			if len(args) > 0 {
				out = append(out, shellActions([][]shellWord{args})...)
			}
		}
		// A command's prefix assignments reach it (its environment).
		for _, w := range prefix {
			out = append(out, shellAction{kind: actSet, name: w.name(), value: w.value(), exported: true, expands: w.expands, command: true})
		}
	}
	return out
}

// isShellScript reports whether a line is one only a shell reads: a
// command of it is export, declare, typeset, set, unset, env, exec, source or
// ".". (A word after an assignment, "NCCL_IB_HCA=a, b", is as likely a
// space typed into a KEY=VALUE file: such a file is read both ways.)
func isShellScript(line string) bool {
	cmds, ok := shellCommands(line, nil)
	if !ok {
		// A quote left open: judged by its first word alone.
		f := strings.Fields(line)
		return len(f) > 0 && slices.Contains([]string{"export", "declare", "typeset", "set", "unset", "env", "exec", "source", "."}, f[0])
	}
	for _, words := range cmds {
		i := 0
		for i < len(words) && words[i].eq > 0 {
			i++
		}
		if i < len(words) {
			switch words[i].text {
			case "export", "declare", "typeset", "set", "unset", "env", "exec", "source", ".":
				return true
			}
		}
	}
	return false
}
