// Package procid tells one process instance from another that later got the
// same pid, and finds the members of a process group. Both the port
// registry (a transient hold's owner) and the workspace engine (a lifecycle
// script left running by a crashed amux) must never act on a recycled pid.
//
// Liveness is signal 0: ESRCH means no such process; success or EPERM means
// a process holds the pid. A bare pid can be recycled by an unrelated
// process, so where /proc exists a token of the boot ID and the process's
// start time (clock ticks since boot, /proc/<pid>/stat field 22) pins the
// instance: a live pid whose token differs is a different process. A zombie
// (exited, not yet reaped) counts as dead. Without /proc every token is
// empty and only signal 0 is used.
//
// It is a leaf: it imports no other amux package.
package procid

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// BootID identifies the running boot of the machine, or "" without /proc.
// A start time means nothing across boots, so tokens carry it.
func BootID() string {
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// Token identifies the process now holding pid beyond its pid ("<boot
// id>:<start time>"), or "" when the platform does not expose it or the
// process is gone.
func Token(pid int) string {
	boot := BootID()
	if boot == "" {
		return ""
	}
	st, ok := readStat(pid)
	if !ok {
		return ""
	}
	return boot + ":" + st.start
}

// Alive reports whether the process that recorded token under pid still
// runs. An empty token checks the pid alone.
func Alive(pid int, token string) bool {
	if pid <= 0 {
		return false
	}
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	st, ok := readStat(pid)
	if !ok {
		return true // signal 0 said it exists; nothing more to learn
	}
	if st.state == 'Z' || st.state == 'X' {
		return false
	}
	if token != "" {
		if now := Token(pid); now != "" && now != token {
			return false
		}
	}
	return true
}

// GroupMembers returns the live processes whose process group is pgid
// (zombies excluded), or nil without /proc.
func GroupMembers(pgid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok && st.pgrp == pgid && st.state != 'Z' && st.state != 'X' {
			out = append(out, pid)
		}
	}
	return out
}

// InDir returns the live processes whose working directory is dir or
// inside it (dir as the kernel names it: symlinks resolved), or nil without
// /proc. A directory removed under a process still counts.
func InDir(dir string) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cwd, err := os.Readlink("/proc/" + e.Name() + "/cwd")
		if err != nil {
			continue
		}
		cwd = strings.TrimSuffix(cwd, " (deleted)")
		if cwd == dir || strings.HasPrefix(cwd, dir+"/") {
			if st, ok := readStat(pid); ok && st.state != 'Z' && st.state != 'X' {
				out = append(out, pid)
			}
		}
	}
	return out
}

// HasEnv reports whether the environment pid started with holds the exact
// assignment kv ("NAME=value"). It is false when the environment cannot be
// read (another user's process, no /proc).
func HasEnv(pid int, kv string) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	for _, v := range bytes.Split(data, []byte{0}) {
		if string(v) == kv {
			return true
		}
	}
	return false
}

// stat is the part of /proc/<pid>/stat this package reads.
type stat struct {
	state byte
	pgrp  int
	start string
}

// readStat parses /proc/<pid>/stat.
func readStat(pid int) (stat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, false
	}
	// The command name (field 2) may contain spaces and parentheses; the
	// fields after its closing parenthesis start at field 3.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return stat{}, false
	}
	fields := strings.Fields(string(data[i+1:]))
	const first, stateField, pgrpField, startField = 3, 3, 5, 22
	if len(fields) <= startField-first {
		return stat{}, false
	}
	pgrp, err := strconv.Atoi(fields[pgrpField-first])
	if err != nil || len(fields[stateField-first]) == 0 {
		return stat{}, false
	}
	return stat{state: fields[stateField-first][0], pgrp: pgrp, start: fields[startField-first]}, true
}
