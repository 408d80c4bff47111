package units

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Limits of the unit literal grammar. A literal longer than MaxUnitLiteral
// bytes is rejected before it is looked at; values above the maximum or
// below the smallest nonzero value of their kind are rejected after
// parsing, so that every accepted value formats back into short text.
const (
	// MaxUnitLiteral is the longest accepted unit literal, in bytes.
	MaxUnitLiteral = 64
	// MaxRate is the largest accepted rate, in bits per second (1 Eb/s).
	MaxRate = 1e18
	// MinRate is the smallest accepted nonzero rate, in bits per second.
	MinRate = 1
	// MaxSize is the largest accepted size, in bytes (1 EB).
	MaxSize = 1e18
	// MinSize is the smallest accepted nonzero size, in bytes.
	MinSize = 1
	// MaxLength is the largest accepted length, in metres (10,000 km).
	MaxLength = 1e7
	// MinLength is the smallest accepted nonzero length, in metres (1 µm).
	MinLength = 1e-6
	// MaxPower is the largest accepted power, in watts (1 GW).
	MaxPower = 1e9
	// MinPower is the smallest accepted nonzero power, in watts (1 mW).
	MinPower = 1e-3
	// MaxCompute is the largest accepted compute throughput, in
	// floating-point operations per second (1 ZFLOP/s).
	MaxCompute = 1e21
	// MinCompute is the smallest accepted nonzero compute throughput (1
	// FLOP/s).
	MinCompute = 1
)

// scale is a unit's multiplier: 10^exp10 × 2^shift. Byte rates use
// shift 3 (×8 bits), binary sizes shift 10, 20, ... Both factors are
// applied exactly: the decimal one by strconv.ParseFloat on the written
// digits, the binary one by math.Ldexp.
type scale struct {
	exp10 int
	shift int
}

// Literal is one kind of unit literal of the design language (a rate, a
// size, a length, a power): its grammar, its bounds and the words its
// messages use. RateLiteral, SizeLiteral, LengthLiteral and PowerLiteral
// are the four.
type Literal struct {
	noun     string // "rate"
	lookup   func(unit string) (scale, bool)
	fix      func(unit string) []string // canonical spellings for a misspelt unit
	forms    string                     // accepted units, for messages
	examples string
	min, max float64
	baseUnit string // unit of min and max in messages
}

var (
	RateLiteral = &Literal{
		noun: "rate", lookup: rateUnit, fix: fixRateUnit,
		forms:    "b/s, Kb/s, Mb/s, Gb/s, Tb/s, Pb/s, B/s, KB/s, MB/s, GB/s, TB/s, PB/s (or bps, Kbps, Mbps, Gbps, Tbps, Pbps, Bps, KBps, MBps, GBps, TBps, PBps)",
		examples: `"400Gb/s" or "50GB/s"`,
		min:      MinRate, max: MaxRate, baseUnit: "b/s",
	}
	SizeLiteral = &Literal{
		noun: "size", lookup: sizeUnit, fix: fixSizeUnit,
		forms:    "B, KB, MB, GB, TB, PB (powers of 1000) or KiB, MiB, GiB, TiB, PiB (powers of 1024)",
		examples: `"141GB" or "64MiB"`,
		min:      MinSize, max: MaxSize, baseUnit: "B",
	}
	LengthLiteral = &Literal{
		noun: "length", lookup: lengthUnit, fix: fixLengthUnit,
		forms:    "mm, cm, m, km",
		examples: `"3m" or "0.5m" or "2km"`,
		min:      MinLength, max: MaxLength, baseUnit: "m",
	}
	PowerLiteral = &Literal{
		noun: "power", lookup: powerUnit, fix: fixPowerUnit,
		forms:    "mW, W, kW, MW",
		examples: `"15W" or "10.2kW"`,
		min:      MinPower, max: MaxPower, baseUnit: "W",
	}
	ComputeLiteral = &Literal{
		noun: "compute throughput", lookup: computeUnit, fix: fixComputeUnit,
		forms:    "FLOP/s, GFLOP/s, TFLOP/s, PFLOP/s, EFLOP/s",
		examples: `"989TFLOP/s" or "2.25PFLOP/s"`,
		min:      MinCompute, max: MaxCompute, baseUnit: "FLOP/s",
	}
)

// Noun names the quantity in messages: "rate", "size", "length".
func (q *Literal) Noun() string { return q.noun }

// Forms lists the accepted units, for messages.
func (q *Literal) Forms() string { return q.forms }

// Examples gives one or two literals of the kind, quoted, for messages.
func (q *Literal) Examples() string { return q.examples }

// Parse parses s as a literal of this kind (ParseRate, ParseSize or
// ParseLength).
func (q *Literal) Parse(s string) (float64, error) { return parseQuantity(q, s) }

// Format writes v in the canonical text of this kind (Rate, Size or
// Length), which Parse reads back to the same value.
func (q *Literal) Format(v float64) string {
	switch q {
	case RateLiteral:
		return Rate(v)
	case SizeLiteral:
		return Size(v)
	case PowerLiteral:
		return Power(v)
	case ComputeLiteral:
		return Compute(v)
	}
	return Length(v)
}

// rateUnit returns the multiplier to bits per second. Bit units use a
// lower-case b, byte units an upper-case B. Kilo may be written K or the SI
// k; the other prefixes are upper case only.
func rateUnit(u string) (scale, bool) {
	switch u {
	case "b/s", "bps":
		return scale{0, 0}, true
	case "Kb/s", "kb/s", "Kbps", "kbps":
		return scale{3, 0}, true
	case "Mb/s", "Mbps":
		return scale{6, 0}, true
	case "Gb/s", "Gbps":
		return scale{9, 0}, true
	case "Tb/s", "Tbps":
		return scale{12, 0}, true
	case "Pb/s", "Pbps":
		return scale{15, 0}, true
	case "B/s", "Bps":
		return scale{0, 3}, true
	case "KB/s", "kB/s", "KBps", "kBps":
		return scale{3, 3}, true
	case "MB/s", "MBps":
		return scale{6, 3}, true
	case "GB/s", "GBps":
		return scale{9, 3}, true
	case "TB/s", "TBps":
		return scale{12, 3}, true
	case "PB/s", "PBps":
		return scale{15, 3}, true
	}
	return scale{}, false
}

// sizeUnit returns the multiplier to bytes.
func sizeUnit(u string) (scale, bool) {
	switch u {
	case "B":
		return scale{0, 0}, true
	case "KB", "kB":
		return scale{3, 0}, true
	case "MB":
		return scale{6, 0}, true
	case "GB":
		return scale{9, 0}, true
	case "TB":
		return scale{12, 0}, true
	case "PB":
		return scale{15, 0}, true
	case "KiB":
		return scale{0, 10}, true
	case "MiB":
		return scale{0, 20}, true
	case "GiB":
		return scale{0, 30}, true
	case "TiB":
		return scale{0, 40}, true
	case "PiB":
		return scale{0, 50}, true
	}
	return scale{}, false
}

// lengthUnit returns the multiplier to metres.
func lengthUnit(u string) (scale, bool) {
	switch u {
	case "mm":
		return scale{-3, 0}, true
	case "cm":
		return scale{-2, 0}, true
	case "m":
		return scale{0, 0}, true
	case "km":
		return scale{3, 0}, true
	}
	return scale{}, false
}

// powerUnit returns the multiplier to watts.
func powerUnit(u string) (scale, bool) {
	switch u {
	case "mW":
		return scale{-3, 0}, true
	case "W":
		return scale{0, 0}, true
	case "kW":
		return scale{3, 0}, true
	case "MW":
		return scale{6, 0}, true
	}
	return scale{}, false
}

// computeUnit returns the multiplier to floating-point operations per
// second. Prefixes are decimal SI, upper case.
func computeUnit(u string) (scale, bool) {
	switch u {
	case "FLOP/s":
		return scale{0, 0}, true
	case "GFLOP/s":
		return scale{9, 0}, true
	case "TFLOP/s":
		return scale{12, 0}, true
	case "PFLOP/s":
		return scale{15, 0}, true
	case "EFLOP/s":
		return scale{18, 0}, true
	}
	return scale{}, false
}

// ParseRate parses a rate literal such as "400Gb/s", "1.6Tb/s", "50GB/s"
// or "100 Gbps" into bits per second, per direction. The grammar is a
// plain decimal number (digits, optionally a point and more digits; no
// sign, no exponent), at most one space, and a unit: b/s, Kb/s, Mb/s,
// Gb/s, Tb/s, Pb/s or their bps spellings for bits; B/s, KB/s, MB/s,
// GB/s, TB/s, PB/s or their Bps spellings for bytes (×8). Prefixes are decimal SI (10^3).
// Units are case-sensitive. Zero parses; negative values cannot be
// written; nonzero values outside [MinRate, MaxRate] are errors.
func ParseRate(s string) (bps float64, err error) {
	return parseQuantity(RateLiteral, s)
}

// ParseSize parses a size literal such as "141GB" or "64MiB" into bytes.
// B, KB, MB, GB, TB, PB are powers of 1000; KiB, MiB, GiB, TiB, PiB powers
// of 1024. The number grammar and limits are as for ParseRate, with
// MinSize and MaxSize.
func ParseSize(s string) (bytes float64, err error) {
	return parseQuantity(SizeLiteral, s)
}

// ParseLength parses a length literal such as "3m", "0.5m", "30cm" or
// "2km" into metres. The number grammar and limits are as for ParseRate,
// with MinLength and MaxLength.
func ParseLength(s string) (metres float64, err error) {
	return parseQuantity(LengthLiteral, s)
}

// ParsePower parses a power literal such as "15W" or "10.2kW" into
// watts (electrical power drawn, as a datasheet's maximum states it). The
// number grammar is as for ParseRate; limits MinPower and MaxPower.
func ParsePower(s string) (watts float64, err error) {
	return parseQuantity(PowerLiteral, s)
}

// ParseCompute parses a compute-throughput literal such as "989TFLOP/s"
// into floating-point operations per second (a GPU's datasheet peak for
// one number format). The number grammar is as for ParseRate; limits
// MinCompute and MaxCompute.
func ParseCompute(s string) (flops float64, err error) {
	return parseQuantity(ComputeLiteral, s)
}

// unitError is the error of a failed parse; its text says what is wrong
// and, when the literal is malformed, lists the accepted forms.
type unitError struct {
	q       *Literal
	input   string
	reason  string
	suggest []string
	// range errors (well-formed but too large or small) omit the forms.
	outOfRange bool
}

func (e *unitError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is not a %s", quoteInput(e.input), e.q.noun)
	if e.reason != "" {
		b.WriteString(": ")
		b.WriteString(e.reason)
	}
	if len(e.suggest) > 0 {
		b.WriteString(" (did you mean ")
		for i, s := range e.suggest {
			if i > 0 {
				b.WriteString(" or ")
			}
			b.WriteString(strconv.Quote(s))
		}
		b.WriteString("?)")
	}
	if !e.outOfRange {
		fmt.Fprintf(&b, "; write a number followed by one of %s, e.g. %s", e.q.forms, e.q.examples)
	}
	return b.String()
}

// quoteInput quotes s for a message, cutting very long input short.
func quoteInput(s string) string {
	if len(s) > 32 {
		return strconv.Quote(s[:24]) + "…"
	}
	return strconv.Quote(s)
}

// splitLiteral splits s into its number and unit text. It returns a reason
// when the number part is malformed.
func splitLiteral(s string) (num, unit, reason string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 0 {
		switch {
		case s == "":
			return "", "", "it is empty"
		case s[0] == '-':
			return "", "", "it cannot be negative"
		case s[0] == '+':
			return "", "", "write it without a sign"
		case s[0] == '.':
			return "", "", "write a digit before the decimal point (0.5, not .5)"
		}
		return "", "", "it must start with a number"
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == i+1 {
			return "", "", "a decimal point must be followed by digits"
		}
		i = j
	}
	num, unit = s[:i], s[i:]
	unit = strings.TrimPrefix(unit, " ")
	if len(unit) > 0 && (unit[0] == 'e' || unit[0] == 'E') && len(unit) > 1 && (isDigit(unit[1]) || unit[1] == '-' || unit[1] == '+') {
		return "", "", "exponents (1e3) are not allowed, only plain decimals"
	}
	return num, unit, ""
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func parseQuantity(q *Literal, s string) (float64, error) {
	if len(s) > MaxUnitLiteral {
		return 0, &unitError{q: q, input: s, reason: fmt.Sprintf("it is longer than %d characters", MaxUnitLiteral)}
	}
	v, reason := parseStrict(q, s)
	if reason == "" {
		if v != 0 && !(v >= q.min) {
			return 0, &unitError{q: q, input: s, outOfRange: true,
				reason: fmt.Sprintf("it is below the smallest nonzero %s, %s", q.noun, q.Format(q.min))}
		}
		if !(v <= q.max) {
			return 0, &unitError{q: q, input: s, outOfRange: true,
				reason: fmt.Sprintf("it is above the largest %s, %s", q.noun, q.Format(q.max))}
		}
		return v, nil
	}
	return 0, &unitError{q: q, input: s, reason: reason, suggest: suggestions(q, s)}
}

// parseStrict parses s exactly by the grammar, without range checks.
func parseStrict(q *Literal, s string) (float64, string) {
	num, unit, reason := splitLiteral(s)
	if reason != "" {
		return 0, reason
	}
	if unit == "" {
		return 0, fmt.Sprintf("a %s needs a unit", q.noun)
	}
	sc, ok := q.lookup(unit)
	if !ok {
		return 0, fmt.Sprintf("%s is not a unit of %s", quoteInput(unit), q.noun)
	}
	v, err := strconv.ParseFloat(num+"e"+strconv.Itoa(sc.exp10), 64)
	if err != nil {
		// Only overflow can get here: the digits are well-formed.
		return math.Inf(1), ""
	}
	return math.Ldexp(v, sc.shift), ""
}

// suggestions returns corrected spellings of s that parse, or nil. It
// repairs surrounding or doubled spaces, a decimal comma, a missing
// leading zero and misspelt units.
func suggestions(q *Literal, s string) []string {
	t := strings.TrimSpace(s)
	if strings.Count(t, ",") == 1 && !strings.Contains(t, ".") {
		t = strings.Replace(t, ",", ".", 1)
	}
	if strings.HasPrefix(t, ".") {
		t = "0" + t
	}
	i := 0
	for i < len(t) && (isDigit(t[i]) || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	if num == "" || unit == "" {
		return nil
	}
	cands := []string{unit}
	if _, ok := q.lookup(unit); !ok {
		cands = q.fix(unit)
	}
	var out []string
	for _, u := range cands {
		c := num + u
		if c == s {
			continue
		}
		if _, reason := parseStrict(q, c); reason == "" {
			out = append(out, c)
		}
	}
	return out
}

// cutAny removes the first of prefixes that s starts with.
func cutAny(s string, prefixes ...string) (rest string, cut string) {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return s[len(p):], p
		}
	}
	return s, ""
}

// prefixLetter returns the canonical SI prefix for a letter in any case,
// or "" and false.
func prefixLetter(c byte, letters string) (string, bool) {
	if strings.IndexByte(letters, c|0x20) < 0 {
		return "", false
	}
	return strings.ToUpper(string(c)), true
}

// fixRateUnit maps a misspelt rate unit ("G", "gb/s", "Gbit/s", "GBs",
// "Gbs") to the canonical spelling with the same prefix and the same
// choice of bits or bytes.
func fixRateUnit(u string) []string {
	prefix := ""
	if p, ok := prefixLetter(u[0], "kmgtp"); ok {
		prefix, u = p, u[1:]
	}
	lower := strings.ToLower(u)
	bytes := strings.HasPrefix(lower, "byte") || (strings.HasPrefix(u, "B") && !strings.HasPrefix(lower, "bit"))
	body, _ := cutAny(lower, "bytes", "byte", "bits", "bit", "b")
	switch body {
	case "", "/s", "ps", "s", "/sec", "/second":
	default:
		return nil
	}
	if bytes {
		return []string{prefix + "B/s"}
	}
	return []string{prefix + "b/s"}
}

// fixSizeUnit maps a misspelt size unit ("gb", "G", "gib", "Gbytes") to
// canonical spellings.
func fixSizeUnit(u string) []string {
	prefix := ""
	if p, ok := prefixLetter(u[0], "kmgtp"); ok {
		prefix, u = p, u[1:]
	}
	binary := false
	if len(u) > 0 && (u[0] == 'i' || u[0] == 'I') {
		binary, u = true, u[1:]
	}
	switch strings.ToLower(u) {
	case "":
		if prefix == "" {
			return nil
		}
		if binary {
			return []string{prefix + "iB"}
		}
		return []string{prefix + "B", prefix + "iB"}
	case "b", "byte", "bytes":
		if binary {
			return []string{prefix + "iB"}
		}
		return []string{prefix + "B"}
	}
	return nil
}

// fixLengthUnit maps a spelt-out or wrongly cased length unit to its
// symbol.
func fixLengthUnit(u string) []string {
	l := strings.ToLower(u)
	if len(l) > 3 {
		l = strings.TrimSuffix(l, "s") // metres, meters
	}
	for _, p := range []struct{ sym, prefix string }{{"mm", "milli"}, {"cm", "centi"}, {"km", "kilo"}, {"m", ""}} {
		switch l {
		case p.sym, p.prefix + "meter", p.prefix + "metre":
			return []string{p.sym}
		}
	}
	return nil
}

// fixPowerUnit maps a spelt-out or wrongly cased power unit to its
// symbol ("kw", "watts", "kilowatt" → "kW").
func fixPowerUnit(u string) []string {
	l := strings.ToLower(u)
	if len(l) > 3 {
		l = strings.TrimSuffix(l, "s") // watts
	}
	for _, p := range []struct{ sym, prefix string }{{"mW", "milli"}, {"kW", "kilo"}, {"MW", "mega"}, {"W", ""}} {
		switch l {
		case strings.ToLower(p.sym), p.prefix + "watt":
			if p.sym == "mW" && u == "MW" {
				continue
			}
			return []string{p.sym}
		}
	}
	return nil
}

// fixComputeUnit maps a wrongly cased or abbreviated compute unit to its
// canonical form ("tflops", "TFLOPS", "TFlop/s" → "TFLOP/s").
func fixComputeUnit(u string) []string {
	l := strings.ToLower(strings.ReplaceAll(u, " ", ""))
	for _, p := range []string{"", "g", "t", "p", "e"} {
		for _, form := range []string{p + "flop/s", p + "flops", p + "flop/sec"} {
			if l == form {
				return []string{strings.ToUpper(p) + "FLOP/s"}
			}
		}
	}
	return nil
}
