package status

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// sharedPaths are where one tmux server's shared tap lives: the Unix socket
// panes are handed over on, and the lock that makes the tap one per server.
type sharedPaths struct {
	sock, lock string
}

// maxSockPath keeps the socket path inside sun_path on every Unix (104
// bytes on macOS and the BSDs, 108 on Linux).
const maxSockPath = 100

// sharedPathsFor places the shared tap beside the tmux socket: tmux keeps
// its sockets in a directory only their owner can enter (/tmp/tmux-UID),
// so the tap's socket and lock are as private as the server itself, and a
// tap exists exactly as long as it is needed per server. A socket path too
// long for sun_path moves to a private directory under the temporary
// directory, named by a hash of the tmux socket.
func sharedPathsFor(socket string) (sharedPaths, error) {
	if socket == "" {
		return sharedPaths{}, errors.New("shared tap: no tmux socket")
	}
	p := sharedPaths{sock: socket + ".amux-taps", lock: socket + ".amux-taps.lock"}
	if len(p.sock) <= maxSockPath {
		return p, nil
	}
	dir := filepath.Join(os.TempDir(), "amux-taps-"+strconv.Itoa(os.Getuid()))
	if err := privateDir(dir); err != nil {
		return sharedPaths{}, err
	}
	sum := sha256.Sum256([]byte(socket))
	base := filepath.Join(dir, hex.EncodeToString(sum[:8]))
	return sharedPaths{sock: base + ".sock", lock: base + ".lock"}, nil
}

// privateDir makes dir (0700) or checks that an existing one is a real
// directory of ours that nobody else can enter.
func privateDir(dir string) error {
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || int(st.Uid) != os.Getuid() || fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("shared tap: %s is not a private directory of this user", dir)
	}
	return nil
}
