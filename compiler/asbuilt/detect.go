package asbuilt

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Format names a discovery file format.
type Format string

// The discovery formats verify reads.
const (
	// FormatIBNetDiscover is ibnetdiscover's default output (and ibsim's
	// net files, the same shape).
	FormatIBNetDiscover Format = "ibnetdiscover"
	// FormatIBNetDiscoverPorts is `ibnetdiscover -p`, the ports report.
	FormatIBNetDiscoverPorts Format = "ibnetdiscover-p"
	// FormatIBLinkInfo is iblinkinfo's default output.
	FormatIBLinkInfo Format = "iblinkinfo"
	// FormatLLDP is `lldpctl -f json0` (lldpd), one file per switch.
	FormatLLDP Format = "lldpctl-json0"
	// FormatNetQ is NVIDIA NetQ's topology graph JSON, fabric-wide.
	FormatNetQ Format = "netq-json"
	// FormatEOS is Arista EOS `show lldp neighbors detail | json`, one
	// file per switch.
	FormatEOS Format = "eos-lldp-json"
	// FormatSONiC is SONiC's `show lldp table`, one file per switch.
	FormatSONiC Format = "sonic-lldp-table"
	// FormatIBDiagnetLST is ibdiagnet's ibdiagnet2.lst, one line per
	// link.
	FormatIBDiagnetLST Format = "ibdiagnet-lst"
	// FormatIBDiagnetDBCSV is ibdiagnet's ibdiagnet2.db_csv, sections of
	// CSV rows.
	FormatIBDiagnetDBCSV Format = "ibdiagnet-db-csv"
	// FormatNetBox is a NetBox cable CSV in the bulk-import columns
	// (what `topoc build --emit netbox` writes), fabric-wide.
	FormatNetBox Format = "netbox-csv"
)

// Formats lists the formats in the order --discovered-format documents.
var Formats = []Format{FormatIBNetDiscover, FormatIBNetDiscoverPorts, FormatIBLinkInfo, FormatIBDiagnetLST, FormatIBDiagnetDBCSV, FormatLLDP, FormatEOS, FormatSONiC, FormatNetQ, FormatNetBox}

// Detect names the format of a discovery file by its first line that is
// not blank, a comment or a tool warning (ibwarn:, an SMP timeout): a
// device record or attribute line is ibnetdiscover's, a `CA|SW <lid>
// <port> 0x<guid>` line the ports report's, a `Switch:`/`CA:` header or a
// `0x<guid> … ==(` line iblinkinfo's, a `Capability codes:` or
// `LocalPort … RemoteDevice` line SONiC's show lldp table, a `{ SW|CA
// … NodeGUID:… PN:… }` line ibdiagnet2.lst, a `START_<NAME>` line
// ibdiagnet2.db_csv, a header with side_a_device
// and side_b_device a NetBox cable CSV; JSON is
// lldpctl's when it has an
// "lldp" key, EOS's when it has "lldpNeighbors", NetQ's topology graph
// when it has "compounded_links" or both "nodes" and "links". ok is false when none of the first 200 lines
// decides.
func Detect(data []byte) (Format, bool) {
	if t := bytes.TrimSpace(data); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		switch {
		case bytes.Contains(t, []byte(`"lldp"`)):
			return FormatLLDP, true
		case bytes.Contains(t, []byte(`"lldpNeighbors"`)):
			return FormatEOS, true
		case bytes.Contains(t, []byte(`"compounded_links"`)) || bytes.Contains(t, []byte(`"nodes"`)) && bytes.Contains(t, []byte(`"links"`)):
			return FormatNetQ, true
		}
		// Not JSON verify reads; an ibdiagnet2.lst line starts with "{"
		// too, so the lines decide.
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1024), MaxLine)
	for n := 0; n < 200 && sc.Scan(); n++ {
		s := strings.TrimSpace(sc.Text())
		switch {
		case s == "" || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "ibwarn:"):
		case strings.HasPrefix(s, "Capability codes:") || strings.HasPrefix(s, "LocalPort") && strings.Contains(s, "RemoteDevice"):
			return FormatSONiC, true
		case strings.HasPrefix(s, "{") && strings.Contains(s, "PN:") && strings.Contains(s, "NodeGUID:"):
			return FormatIBDiagnetLST, true
		case strings.HasPrefix(s, "START_") && s == strings.ToUpper(s) && !strings.ContainsAny(s, " \t,"):
			return FormatIBDiagnetDBCSV, true
		case strings.Contains(s, "side_a_device") && strings.Contains(s, "side_b_device"):
			return FormatNetBox, true
		case strings.HasPrefix(s, "Switch:") || strings.HasPrefix(s, "CA:") || strings.HasPrefix(s, "0x") && strings.Contains(s, "==("):
			return FormatIBLinkInfo, true
		case portsLine.MatchString(s):
			return FormatIBNetDiscoverPorts, true
		case isAttr(s):
			return FormatIBNetDiscover, true
		default:
			if _, ok, _ := parseHeader(s); ok {
				return FormatIBNetDiscover, true
			}
		}
	}
	return "", false
}

// Parse reads a discovery file in format f, or in the format Detect
// finds when f is "". It returns the format read. Errors name the line,
// or say which formats were tried.
func Parse(data []byte, f Format) (*Topology, Format, error) {
	return ParseFrom(data, f, "")
}

// ParseFrom is Parse for a file collected on device local (LLDP files
// list only the neighbours of the device they were taken on; the other
// formats ignore local).
func ParseFrom(data []byte, f Format, local string) (*Topology, Format, error) {
	if f == "" {
		d, ok := Detect(data)
		if !ok {
			if len(bytes.TrimSpace(data)) == 0 {
				return nil, "", fmt.Errorf("the file is empty")
			}
			return nil, "", fmt.Errorf("not a discovery format verify reads (ibnetdiscover, ibnetdiscover -p, iblinkinfo, ibdiagnet2.lst, ibdiagnet2.db_csv, lldpctl -f json0, EOS show lldp neighbors detail | json, SONiC show lldp table, NetQ topology JSON, NetBox cable CSV): no device record, port line or header in its first 200 lines, and no LLDP or NetQ JSON")
		}
		f = d
	}
	var t *Topology
	var err error
	switch f {
	case FormatIBNetDiscover:
		t, err = ParseIBNetDiscover(bytes.NewReader(data))
	case FormatIBNetDiscoverPorts:
		t, err = ParseIBNetDiscoverPorts(bytes.NewReader(data))
	case FormatIBLinkInfo:
		t, err = ParseIBLinkInfo(bytes.NewReader(data))
	case FormatIBDiagnetLST:
		t, err = ParseIBDiagnetLST(bytes.NewReader(data))
	case FormatIBDiagnetDBCSV:
		t, err = ParseIBDiagnetDBCSV(bytes.NewReader(data))
	case FormatLLDP:
		t, err = ParseLLDP(data, local)
	case FormatEOS:
		t, err = ParseEOSLLDP(data, local)
	case FormatSONiC:
		t, err = ParseSONiCLLDP(data, local)
	case FormatNetQ:
		t, err = ParseNetQ(data)
	case FormatNetBox:
		t, err = ParseNetBox(data)
	default:
		return nil, f, fmt.Errorf("unknown discovery format %q (one of %v)", f, Formats)
	}
	return t, f, err
}

// Protocol returns the link protocol a format's discovery runs over:
// "infiniband" for the subnet-manager tools (ibnetdiscover, iblinkinfo,
// ibdiagnet), "ethernet" for LLDP and NetQ, "" for a NetBox record,
// which holds either.
func (f Format) Protocol() string {
	switch f {
	case FormatIBNetDiscover, FormatIBNetDiscoverPorts, FormatIBLinkInfo, FormatIBDiagnetLST, FormatIBDiagnetDBCSV:
		return "infiniband"
	case FormatLLDP, FormatEOS, FormatSONiC, FormatNetQ:
		return "ethernet"
	}
	return ""
}
