package diag

import "io/fs"

// FileKind names the type of a file mode that is not a regular file, for
// messages (a path refused as input or output): "directory", "symbolic link", "named pipe (FIFO)", "socket",
// "character device", "block device", else "special file".
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	}
	return "special file"
}
