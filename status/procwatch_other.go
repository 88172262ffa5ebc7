//go:build !linux

package status

import "errors"

// watchExit is unavailable off Linux (no pidfd): the tap then learns of a
// process exit only from the end of its input, which tmux delivers when the
// pane closes (but not while remain-on-exit keeps a dead pane).
func watchExit(int, func()) (func(), error) {
	return nil, errors.New("process exit watching needs Linux pidfds")
}
