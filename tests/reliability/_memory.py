"""The peak memory of a probe process, for the memory tests' child processes.

On Linux `ru_maxrss` is carried across fork and exec: a child of a pytest process that has
grown to 1.6 GB (a soak run, after 500 games) reports 1.6 GB before it does anything, so
an absolute reading failed every render test of the soak, and a rise (after - before)
read 0 for every attack. VmHWM belongs to the process image, so it starts afresh at exec.
"""

PEAK_KB = '''
def peak_kb():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
'''
