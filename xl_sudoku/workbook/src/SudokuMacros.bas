Attribute VB_Name = "SudokuMacros"
' xl-sudoku: the buttons and the Sudoku ribbon tab. Each Sub hands its work to Python
' through xlwings' RunPython; the Python side is xl_sudoku.excel. Keep these one-liners.
Option Explicit

Public Sub Solve()
    RunPython "import xl_sudoku.excel as x; x.xl_solve()"
End Sub

Public Sub NextStep()
    RunPython "import xl_sudoku.excel as x; x.xl_step()"
End Sub

Public Sub Hint()
    RunPython "import xl_sudoku.excel as x; x.xl_hint()"
End Sub

Public Sub ShowCandidates()
    RunPython "import xl_sudoku.excel as x; x.xl_candidates()"
End Sub

Public Sub CheckEntries()
    RunPython "import xl_sudoku.excel as x; x.xl_check()"
End Sub

Public Sub ClearWork()
    RunPython "import xl_sudoku.excel as x; x.xl_clear()"
End Sub

Public Sub NewPuzzle()
    RunPython "import xl_sudoku.excel as x; x.xl_new()"
End Sub

Public Sub CountSolutions()
    RunPython "import xl_sudoku.excel as x; x.xl_count()"
End Sub

Public Sub UndoLast()
    RunPython "import xl_sudoku.excel as x; x.xl_undo()"
End Sub

Public Sub CheckSetup()
    ' First what xlwings will start: if Python never answers, this stays in the status cell
    ThisWorkbook.Names("Status").RefersToRange.Value = "Python did not answer. xlwings " & XLWINGS_VERSION & " in this workbook starts: " & SetupInterpreter() & " (set INTERPRETER_WIN or INTERPRETER_MAC in xlwings.conf, see README)"
    RunPython "import xl_sudoku.excel as x; x.xl_check_setup()"
End Sub

Private Function SetupInterpreter() As String
    #If Mac Then
        SetupInterpreter = GetConfig("INTERPRETER_MAC", "")
    #Else
        SetupInterpreter = GetConfig("INTERPRETER_WIN", "")
    #End If
    If SetupInterpreter = "" Then SetupInterpreter = GetConfig("INTERPRETER", "python")
End Function

' Ribbon callbacks: the Sudoku tab's buttons (customUI14.xml)

Public Sub RibbonSolve(control As IRibbonControl)
    Solve
End Sub

Public Sub RibbonStep(control As IRibbonControl)
    NextStep
End Sub

Public Sub RibbonHint(control As IRibbonControl)
    Hint
End Sub

Public Sub RibbonCandidates(control As IRibbonControl)
    ShowCandidates
End Sub

Public Sub RibbonCheck(control As IRibbonControl)
    CheckEntries
End Sub

Public Sub RibbonClear(control As IRibbonControl)
    ClearWork
End Sub

Public Sub RibbonNewPuzzle(control As IRibbonControl)
    NewPuzzle
End Sub

Public Sub RibbonCountSolutions(control As IRibbonControl)
    CountSolutions
End Sub

Public Sub RibbonUndo(control As IRibbonControl)
    UndoLast
End Sub

Public Sub RibbonCheckSetup(control As IRibbonControl)
    CheckSetup
End Sub
