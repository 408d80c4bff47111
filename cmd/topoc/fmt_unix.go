//go:build unix

package main

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// accessWrite reports whether this process may open path for writing,
// by access(2), which sees ACLs and read-only mounts as well as the mode
// bits. Root passes it for any file, which is why fmt -w also looks at
// the mode (checkWritable).
func accessWrite(path string) error {
	return syscall.Access(path, 2 /* W_OK */)
}

// keepOwner gives tmp, the rewritten file about to replace old, old's
// owner and group: a rename installs the new file with whoever created
// it as its owner, which, for root formatting someone else's file, would
// hand the file to root. When the owner cannot be kept (an ordinary user
// may not give a file away) the rewrite is refused rather than change
// whose file it is.
func keepOwner(tmp *os.File, old fs.FileInfo) error {
	o, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	st, err := tmp.Stat()
	if err != nil {
		return err
	}
	if n, ok := st.Sys().(*syscall.Stat_t); ok && n.Uid == o.Uid && n.Gid == o.Gid {
		return nil
	}
	if err := tmp.Chown(int(o.Uid), int(o.Gid)); err != nil {
		return fmt.Errorf("it belongs to uid %d, gid %d, and a rewritten file could not keep that owner (%v); fmt -w does not change whose file it is", o.Uid, o.Gid, err)
	}
	return nil
}
