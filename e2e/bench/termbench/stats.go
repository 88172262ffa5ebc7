package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// percentile of sorted-on-demand samples (p in 0..100), nearest rank.
func percentile(samples []time.Duration, p float64) time.Duration {
	if len(samples) == 0 {
		return 0
	}
	s := slices.Clone(samples)
	slices.Sort(s)
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[min(max(i, 0), len(s)-1)]
}

func summary(samples []time.Duration) string {
	return fmt.Sprintf("n=%d median=%s p95=%s max=%s", len(samples),
		ms(percentile(samples, 50)), ms(percentile(samples, 95)), ms(percentile(samples, 100)))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }

// selfCPUSplit is this process's user and system CPU time.
func selfCPUSplit() (user, sys time.Duration) {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}

// selfCPU is this process's user+system CPU time.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procCPU is another process's user+system CPU time (10 ms resolution).
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the parenthesised command name; utime and stime are 14 and 15.
	s := string(b)
	s = s[strings.LastIndexByte(s, ')')+2:]
	f := strings.Fields(s)
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * (time.Second / 100)
}

// rssMB is this process's resident set size in MB.
func rssMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

func splitFields(s string) []string { return strings.Fields(s) }

// heapNote summarizes the Go heap, to explain RSS: what is in use, and
// what of that survives a collection (which it runs, after reading).
func heapNote() string {
	var m, after runtime.MemStats
	runtime.ReadMemStats(&m)
	runtime.GC()
	runtime.ReadMemStats(&after)
	return fmt.Sprintf("in use %.1f MB (live %.1f MB), idle %.1f MB (released %.1f MB), GC cycles %d",
		float64(m.HeapInuse)/(1<<20), float64(after.HeapAlloc)/(1<<20), float64(m.HeapIdle)/(1<<20), float64(m.HeapReleased)/(1<<20), m.NumGC)
}

// procStat returns the fields of /proc/<pid>/stat after the command name
// (field 3, the state, first).
func procStat(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	s := string(b)
	return strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
}
