"""What does the result say? Rules that read the analysis result: findings, and budgets for CI. (What `try`
measured against the advice is :mod:`traceview.capture.verdict`: it reads capture's runs, so it lives there.)"""
