"""What changed between runs, and how does cost grow with size?"""
