package procid

import (
	"bytes"
	"os"
	"strconv"
	"strings"
)

// ZombieExit is the exit status, as a shell reports it (the status, or
// 128+N for a process killed by signal N), of a process that has exited
// but has not been reaped yet, read from /proc/<pid>/stat (field 52, the
// raw wait status). ok is false for a process that is alive, gone or on a
// system without /proc.
//
// tmux sometimes marks a pane dead (its terminal closed) before it reaps
// the pane's process, and then shows no status at all; the zombie still
// holds it, and its pid cannot be reused until it is reaped.
func ZombieExit(pid int) (status int, ok bool) {
	if pid <= 0 {
		return 0, false
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, false
	}
	fields := strings.Fields(string(data[i+1:]))
	const first, stateField, exitField = 3, 3, 52
	if len(fields) <= exitField-first || fields[stateField-first] != "Z" {
		return 0, false
	}
	w, err := strconv.Atoi(fields[exitField-first])
	if err != nil {
		return 0, false
	}
	if sig := w & 0x7f; sig != 0 {
		return 128 + sig, true
	}
	return (w >> 8) & 0xff, true
}
